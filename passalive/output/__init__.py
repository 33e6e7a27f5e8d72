"""What passalive writes: boards and diagrams as Sensei's markup, plain text
and JSON.
"""
