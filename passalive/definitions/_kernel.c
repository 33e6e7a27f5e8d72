/*
 * passalive.definitions._kernel -- the direct casting-out in C (optional).
 *
 * The same answers as the pure-Python reference (passalive/definitions/direct.py
 * for the pass-alive chains, passalive/tools/summary.py for the territory and
 * the chain list); the tests compare the two on generated positions and on the
 * corpus.  Only plain rectangular grids are handled here: the caller passes the
 * stones as Python ints in the padded layout of passalive.go.bitboard (bit
 * y*(W+1)+x for the point at column x, row y; the bit after each row is
 * always clear) and gets Python ints back in the same layout.
 *
 * How it works.  Bitsets are turned into a mailbox board: one cell per bit of
 * the padded layout, with one row of off-board cells above and below, so that
 * the four neighbours of any point are cell-1, cell+1, cell-stride and
 * cell+stride and never fall outside the array (the padding bit at the end of
 * each row is an off-board cell too).  Then, for one colour c:
 *
 *   1. chains: every chain is flood-filled once; its cells are kept together
 *      in one array, in the order of the chains' lowest points;
 *   2. regions: every c-region (a maximal connected set of points that are not
 *      c stones) is flood-filled once; for each c-chain next to it we count
 *      the region's empty points (and all its points) that are liberties of
 *      the chain, so "healthy" is one comparison per (region, chain) pair;
 *   3. casting-out: rounds over that small graph until nothing changes: a
 *      region counts while every chain next to it is alive; a chain stays
 *      alive while at least two counting regions are healthy for it;
 *   4. territory (the `healthy` convention of passalive.tools.summary): a
 *      region is c's territory when it reaches no open side, every c chain
 *      next to it is alive, and one of them is next to each of its empty
 *      points (every point, with suicide legal).
 *
 * KataGo's Board::calculateArea (cpp/game/board.cpp) has the same shape
 * (regions labelled once, then Benson's rounds over the region/chain graph);
 * this is our own code.  All memory is one block per call: no global state.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIDE 52 /* passalive.go.limits.MAX_BOARD_SIDE */

enum { EMPTY = 0, BLACK = 1, WHITE = 2, OFF = 3 };

#if defined(__GNUC__) || defined(__clang__)
#define LOWEST_BIT(x) __builtin_ctz(x)
#else
static int lowest_bit(unsigned x) { /* x != 0 */
    int n = 0;
    for (; !(x & 1u); x >>= 1)
        n++;
    return n;
}
#define LOWEST_BIT(x) lowest_bit(x)
#endif

/* One call's work area; every array is a slice of one allocation. */
typedef struct {
    int width, height, stride;
    int ncells;  /* (height + 2) * stride: the padded layout with a row of off-board cells above and below */
    int nbytes;  /* bytes of a bitset of the padded layout */
    uint8_t *colour;     /* per cell: EMPTY, BLACK, WHITE or OFF */
    uint8_t *open;       /* per cell: 1 on an open side of a cut-out */
    int32_t *chain_of;   /* per cell: its chain, -1 for none */
    int32_t *region_of;  /* per cell: its region of the colour being analysed, -1 for none */
    int32_t *stack;      /* the flood fill's stack */
    /* chains of both colours, by lowest cell: cells chain_cells[chain_start[k] .. chain_start[k + 1]) */
    int nchains;
    int32_t *chain_start, *chain_cells;
    uint8_t *chain_colour, *alive;
    int32_t *healthy_count, *slot, *mark;
    /* regions of one colour: cells region_cells[region_start[r] ..], (region, chain) edges edge_start[r] .. */
    int nregions;
    int32_t *region_start, *region_cells, *edge_start;
    uint8_t *region_hopeless, *counting; /* healthy for no chain (label_regions); every chain next to it alive */
    int32_t *edge_chain, *edge_all, *edge_empty; /* the chain; its liberties among the region's points, empty points */
    uint8_t *edge_healthy, *edge_covers;
    uint8_t *scratch; /* per cell: clear between uses (text_cells flags a large chain's cells in it) */
    void *block;
} Work;

static int work_init(Work *w, int width, int height) {
    w->width = width;
    w->height = height;
    w->stride = width + 1;
    w->ncells = (height + 2) * w->stride;
    w->nbytes = (height * w->stride + 7) / 8;
    size_t n = (size_t)w->ncells;
    /* int32 arrays: chain_of, region_of, stack, chain_start, chain_cells, healthy_count, slot, mark,
       region_start, region_cells, edge_start (n + 1 each), edge_chain, edge_all, edge_empty (4n each); bytes: colour, open,
       chain_colour, alive, region_hopeless, counting, scratch (n each), edge_healthy, edge_covers (4n each) */
    size_t ints = 11 * (n + 1) + 12 * n;
    size_t bytes = 7 * n + 8 * n;
    w->block = PyMem_Malloc(ints * sizeof(int32_t) + bytes);
    if (w->block == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    int32_t *i = (int32_t *)w->block;
    w->chain_of = i; i += n + 1;
    w->region_of = i; i += n + 1;
    w->stack = i; i += n + 1;
    w->chain_start = i; i += n + 1;
    w->chain_cells = i; i += n + 1;
    w->healthy_count = i; i += n + 1;
    w->slot = i; i += n + 1;
    w->mark = i; i += n + 1;
    w->region_start = i; i += n + 1;
    w->region_cells = i; i += n + 1;
    w->edge_start = i; i += n + 1;
    w->edge_chain = i; i += 4 * n;
    w->edge_all = i; i += 4 * n;
    w->edge_empty = i; i += 4 * n;
    uint8_t *b = (uint8_t *)i;
    w->colour = b; b += n;
    w->open = b; b += n;
    w->chain_colour = b; b += n;
    w->alive = b; b += n;
    w->region_hopeless = b; b += n;
    w->counting = b; b += n;
    w->edge_healthy = b; b += 4 * n;
    w->edge_covers = b; b += 4 * n;
    w->scratch = b;
    memset(w->scratch, 0, n);
    return 0;
}

/* ------------------------------------------------------------------ bitsets <-> cells */

/* The bytes of a non-negative int of at most nbytes bytes, little-endian; -1 with an exception if it does not fit. */
static int int_bytes(PyObject *v, uint8_t *buf, int nbytes) {
    if (!PyLong_Check(v)) {
        PyErr_SetString(PyExc_TypeError, "a bitset must be an int");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(v, buf, nbytes,
        Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER | Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (need < 0)
        return -1;
    if (need > nbytes) {
        PyErr_SetString(PyExc_ValueError, "a bitset has bits beyond the board");
        return -1;
    }
    return 0;
#else
    if (_PyLong_Sign(v) < 0) {
        PyErr_SetString(PyExc_ValueError, "a bitset must not be negative");
        return -1;
    }
    if (_PyLong_AsByteArray((PyLongObject *)v, buf, (size_t)nbytes, 1, 0) < 0) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "a bitset has bits beyond the board");
        return -1;
    }
    return 0;
#endif
}

static PyObject *bytes_int(const uint8_t *buf, int nbytes) {
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(buf, nbytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(buf, (size_t)nbytes, 1, 0);
#endif
}

/* Mark the cells of the set bits of `v` with `value` (a colour, or 1 for open); -1 with an exception
   when a bit lies outside the board (a padding bit or beyond the last row), or with `only_empty`
   on a cell that is not EMPTY. */
static int mark_bits(Work *w, PyObject *v, uint8_t *cells, uint8_t value, int only_empty) {
    uint8_t buf[(MAX_SIDE + 1) * MAX_SIDE / 8 + 1];
    if (int_bytes(v, buf, w->nbytes) < 0)
        return -1;
    int nbits = w->height * w->stride;
    for (int byte = 0; byte < w->nbytes; byte++) {
        for (unsigned bits = buf[byte]; bits; bits &= bits - 1) {
            int bit = 8 * byte + LOWEST_BIT(bits);
            if (bit >= nbits || bit % w->stride == w->width) {
                PyErr_SetString(PyExc_ValueError, "a bitset has bits outside the board");
                return -1;
            }
            uint8_t *cell = &cells[bit + w->stride];
            if (only_empty && *cell != EMPTY) {
                PyErr_SetString(PyExc_ValueError, "black and white stones on the same point");
                return -1;
            }
            *cell = value;
        }
    }
    return 0;
}

/* The cells from the arguments: every in-board cell empty, then the stones and the open points. */
static int load(Work *w, PyObject *black, PyObject *white, PyObject *open) {
    memset(w->colour, OFF, (size_t)w->ncells);
    memset(w->open, 0, (size_t)w->ncells);
    for (int y = 0; y < w->height; y++)
        memset(&w->colour[(y + 1) * w->stride], EMPTY, (size_t)w->width);
    if (mark_bits(w, black, w->colour, BLACK, 1) < 0 || mark_bits(w, white, w->colour, WHITE, 1) < 0)
        return -1;
    return mark_bits(w, open, w->open, 1, 0);
}

/* A Python int with the bits of `count` cells (bit = cell - stride). */
static PyObject *cells_int(Work *w, const int32_t *cells, int count) {
    uint8_t buf[(MAX_SIDE + 1) * MAX_SIDE / 8 + 1];
    if (count == 0)
        return PyLong_FromLong(0);
    int top = 0;
    for (int i = 0; i < count; i++)
        if (cells[i] > top)
            top = cells[i];
    int nbytes = (top - w->stride) / 8 + 1;
    memset(buf, 0, (size_t)nbytes);
    for (int i = 0; i < count; i++) {
        int bit = cells[i] - w->stride;
        buf[bit >> 3] |= (uint8_t)(1u << (bit & 7));
    }
    return bytes_int(buf, nbytes);
}

/* ------------------------------------------------------------------ 1. chains */

/* Flood-fill the chain of `start`, append its cells to chain_cells; the number of cells. */
static int fill_chain(Work *w, int start, int k, int32_t *out) {
    const int s = w->stride;
    const uint8_t c = w->colour[start];
    int top = 0, count = 0;
    w->stack[top++] = start;
    w->chain_of[start] = k;
    while (top) {
        int p = w->stack[--top];
        out[count++] = p;
        const int around[4] = {p - 1, p + 1, p - s, p + s};
        for (int i = 0; i < 4; i++) {
            int q = around[i];
            if (w->colour[q] == c && w->chain_of[q] < 0) {
                w->chain_of[q] = k;
                w->stack[top++] = q;
            }
        }
    }
    return count;
}

/* Every chain of the colours in `which` (a bit per colour: 1 << BLACK, 1 << WHITE), in order of lowest cell. */
static void label_chains(Work *w, unsigned which) {
    memset(w->chain_of, 0xff, (size_t)w->ncells * sizeof(int32_t)); /* -1 */
    int k = 0, used = 0;
    for (int p = w->stride; p < w->ncells - w->stride; p++) {
        uint8_t c = w->colour[p];
        if ((c == BLACK || c == WHITE) && (which >> c & 1) && w->chain_of[p] < 0) {
            w->chain_start[k] = used;
            w->chain_colour[k] = c;
            used += fill_chain(w, p, k, &w->chain_cells[used]);
            k++;
        }
    }
    w->chain_start[k] = used;
    w->nchains = k;
}

/* ------------------------------------------------------------------ 2. regions */

/* Every c-region with its open flag and, for each c-chain next to it, whether the region is healthy
   for the chain (casting-out's test, all_points: every point of the region a liberty of the chain,
   else every empty point) and whether it is covered by it (the same test for territory, every_point).

   One pass per region: the flood fill counts, per chain next to the region, the region's points and
   empty points that are its liberties.  A region with an empty point next to no c stone, or on an
   open side, is healthy for no chain and covered by none (an empty point is needed by both tests):
   it keeps no edges, so it neither counts for a chain nor becomes territory, and once it is known to
   be such a region its counting stops (most of the board early in a game). */
static void label_regions(Work *w, uint8_t c, int all_points, int every_point) {
    const int s = w->stride;
    memset(w->region_of, 0xff, (size_t)w->ncells * sizeof(int32_t)); /* -1 */
    memset(w->mark, 0xff, (size_t)w->nchains * sizeof(int32_t));
    int r = 0, used = 0, edges = 0;
    for (int p0 = s; p0 < w->ncells - s; p0++) {
        if (w->colour[p0] == OFF || w->colour[p0] == c || w->region_of[p0] >= 0)
            continue;
        int32_t *cells = &w->region_cells[used];
        int count = 0, top = 0, first = edges, empties = 0, hopeless = 0;
        w->stack[top++] = p0;
        w->region_of[p0] = r;
        while (top) {
            int p = w->stack[--top];
            cells[count++] = p;
            int empty = w->colour[p] == EMPTY;
            empties += empty;
            hopeless |= w->open[p];
            const int around[4] = {p - 1, p + 1, p - s, p + s};
            int seen[4], nseen = 0; /* the distinct chains next to p */
            for (int i = 0; i < 4; i++) {
                int q = around[i];
                uint8_t cq = w->colour[q];
                if (cq == c) {
                    int k = w->chain_of[q], dup = 0;
                    for (int m = 0; m < nseen; m++)
                        dup |= seen[m] == k;
                    if (!dup)
                        seen[nseen++] = k;
                } else if (cq != OFF && w->region_of[q] < 0) {
                    w->region_of[q] = r;
                    w->stack[top++] = q;
                }
            }
            hopeless |= empty && nseen == 0;
            if (hopeless)
                continue;
            for (int m = 0; m < nseen; m++) {
                int k = seen[m];
                if (w->mark[k] != r) { /* first time next to this region: a new edge */
                    w->mark[k] = r;
                    w->slot[k] = edges;
                    w->edge_chain[edges] = k;
                    w->edge_all[edges] = 0;
                    w->edge_empty[edges] = 0;
                    edges++;
                }
                w->edge_all[w->slot[k]]++;
                w->edge_empty[w->slot[k]] += empty;
            }
        }
        if (hopeless)
            edges = first;
        for (int e = first; e < edges; e++) {
            int whole = w->edge_all[e] == count, empties_only = w->edge_empty[e] == empties;
            w->edge_healthy[e] = all_points ? whole : empties_only;
            w->edge_covers[e] = every_point ? whole : empties_only;
        }
        w->region_start[r] = used;
        w->edge_start[r] = first;
        w->region_hopeless[r] = (uint8_t)hopeless;
        used += count;
        r++;
    }
    w->region_start[r] = used;
    w->edge_start[r] = edges;
    w->nregions = r;
}

/* ------------------------------------------------------------------ 3. casting-out, 4. territory */

/* Cast out the c-chains (alive[k] for each chain of colour c) over the regions of label_regions. */
static void cast_out(Work *w, uint8_t c) {
    for (int k = 0; k < w->nchains; k++)
        w->alive[k] = w->chain_colour[k] == c;
    for (;;) {
        for (int k = 0; k < w->nchains; k++)
            w->healthy_count[k] = 0;
        for (int r = 0; r < w->nregions; r++) {
            uint8_t counts = 1;
            for (int e = w->edge_start[r]; e < w->edge_start[r + 1]; e++)
                counts &= w->alive[w->edge_chain[e]];
            w->counting[r] = counts;
            if (counts)
                for (int e = w->edge_start[r]; e < w->edge_start[r + 1]; e++)
                    w->healthy_count[w->edge_chain[e]] += w->edge_healthy[e];
        }
        int changed = 0;
        for (int k = 0; k < w->nchains; k++) {
            if (w->alive[k] && w->healthy_count[k] < 2) {
                w->alive[k] = 0;
                changed = 1;
            }
        }
        if (!changed)
            return;
    }
}

/* c's territory after cast_out (counting[r]: every chain next to r is alive), as cells in `out`; their number. */
static int territory(Work *w, int32_t *out) {
    int count = 0;
    for (int r = 0; r < w->nregions; r++) {
        if (w->region_hopeless[r] || !w->counting[r])
            continue;
        uint8_t covered = 0;
        for (int e = w->edge_start[r]; e < w->edge_start[r + 1]; e++)
            covered |= w->edge_covers[e]; /* every chain next to r is alive here */
        if (!covered)
            continue;
        for (int i = w->region_start[r]; i < w->region_start[r + 1]; i++)
            out[count++] = w->region_cells[i];
    }
    return count;
}

/* The cells of c's alive chains in `out`; their number. */
static int alive_cells(Work *w, uint8_t c, int32_t *out) {
    int count = 0;
    for (int k = 0; k < w->nchains; k++)
        if (w->alive[k] && w->chain_colour[k] == c)
            for (int i = w->chain_start[k]; i < w->chain_start[k + 1]; i++)
                out[count++] = w->chain_cells[i];
    return count;
}

/* ------------------------------------------------------------------ arguments */

typedef struct {
    PyObject *black, *white, *open;
    int width, height, all_points, every_point;
} Args;

/* Refuse a call with another count of arguments than `expected` (a TypeError naming the function). */
static int arg_count(Py_ssize_t nargs, Py_ssize_t expected, const char *name) {
    if (nargs != expected) {
        PyErr_Format(PyExc_TypeError, "%s takes %zd arguments (%zd given)", name, expected, nargs);
        return -1;
    }
    return 0;
}

static int parse_args(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t expected, Args *a, const char *name) {
    if (arg_count(nargs, expected, name) < 0)
        return -1;
    a->black = args[0];
    a->white = args[1];
    long width = PyLong_AsLong(args[2]), height = PyLong_AsLong(args[3]);
    if ((width == -1 || height == -1) && PyErr_Occurred())
        return -1;
    if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
        PyErr_Format(PyExc_ValueError, "board sides run from 1 to %d, not %ldx%ld", MAX_SIDE, width, height);
        return -1;
    }
    a->width = (int)width;
    a->height = (int)height;
    a->open = args[4];
    a->all_points = PyObject_IsTrue(args[5]);
    a->every_point = expected > 6 ? PyObject_IsTrue(args[6]) : 0;
    if (a->all_points < 0 || a->every_point < 0)
        return -1;
    return 0;
}

PyDoc_STRVAR(casting_out_doc,
"casting_out(own, other, width, height, open, all_points) -> tuple[int, ...]\n\n"
"The pass-alive chains of the colour whose stones are `own`, each as a bitset of the padded\n"
"layout, in order of their lowest bit (passalive.definitions.direct.casting_out's chains).\n"
"`open`: the points on open sides; `all_points`: the suicide-legal adaptation.");

static PyObject *k_casting_out(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Args a;
    Work w;
    if (parse_args(args, nargs, 6, &a, "casting_out") < 0 || work_init(&w, a.width, a.height) < 0)
        return NULL;
    PyObject *result = NULL;
    if (load(&w, a.black, a.white, a.open) < 0)
        goto done;
    label_chains(&w, 1u << BLACK);
    label_regions(&w, BLACK, a.all_points, a.all_points);
    cast_out(&w, BLACK);
    Py_ssize_t n = 0;
    for (int k = 0; k < w.nchains; k++)
        n += w.alive[k];
    result = PyTuple_New(n);
    if (result == NULL)
        goto done;
    n = 0;
    for (int k = 0; k < w.nchains; k++) {
        if (!w.alive[k])
            continue;
        PyObject *bits = cells_int(&w, &w.chain_cells[w.chain_start[k]], w.chain_start[k + 1] - w.chain_start[k]);
        if (bits == NULL) {
            Py_CLEAR(result);
            goto done;
        }
        PyTuple_SET_ITEM(result, n++, bits);
    }
done:
    PyMem_Free(w.block);
    return result;
}

/* ------------------------------------------------------------------ JSON text */

/* A growing buffer of UTF-8 text. */
typedef struct {
    char *data;
    size_t size, used;
} Text;

static int text_add(Text *t, const char *s, size_t n) {
    if (t->used + n > t->size) {
        size_t size = 2 * (t->used + n) + 256;
        char *data = PyMem_Realloc(t->data, size);
        if (data == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        t->data = data;
        t->size = size;
    }
    memcpy(t->data + t->used, s, n);
    t->used += n;
    return 0;
}

#define TEXT(t, literal) text_add((t), (literal), sizeof(literal) - 1)

/* The JSON name (a quoted JSON string) of every bit of the padded layout: read from the str objects
   of a tuple as they are written, or, for game_lines, which writes the same names for hundreds of
   nodes, from a table of their UTF-8 text made once per call. */
typedef struct {
    PyObject *tuple;
    const char **text; /* NULL: read from the tuple */
    Py_ssize_t *size;
} Names;

static const char *name_of(const Names *names, int bit, Py_ssize_t *size) {
    if (names->text != NULL) {
        *size = names->size[bit];
        return names->text[bit];
    }
    return PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(names->tuple, bit), size);
}

/* `[name,name,...]`: the JSON names of the cells flagged in `flags`, in reading order (increasing bit). */
static int text_names(Text *t, Work *w, const uint8_t *flags, const Names *names) {
    if (TEXT(t, "[") < 0)
        return -1;
    int first = 1;
    for (int p = w->stride; p < w->ncells - w->stride; p++) {
        if (!flags[p])
            continue;
        Py_ssize_t n;
        const char *name = name_of(names, p - w->stride, &n);
        if (name == NULL || (!first && TEXT(t, ",") < 0) || text_add(t, name, (size_t)n) < 0)
            return -1;
        first = 0;
    }
    return TEXT(t, "]");
}

/* `[name,...]` of `count` cells, which are sorted in place into reading order first. */
static int text_cells(Text *t, Work *w, int32_t *cells, int count, const Names *names) {
    if (count > 16) { /* a large chain: its cells flagged, then read back in order over the rows it spans */
        int32_t low = cells[0], high = cells[0];
        for (int i = 0; i < count; i++) {
            w->scratch[cells[i]] = 1;
            low = cells[i] < low ? cells[i] : low;
            high = cells[i] > high ? cells[i] : high;
        }
        int n = 0;
        for (int32_t p = low; p <= high; p++)
            if (w->scratch[p]) {
                w->scratch[p] = 0;
                cells[n++] = p;
            }
    } else {
        for (int i = 1; i < count; i++) { /* insertion sort for the many small chains */
            int32_t cell = cells[i];
            int j = i;
            for (; j > 0 && cells[j - 1] > cell; j--)
                cells[j] = cells[j - 1];
            cells[j] = cell;
        }
    }
    if (TEXT(t, "[") < 0)
        return -1;
    for (int i = 0; i < count; i++) {
        Py_ssize_t n;
        const char *name = name_of(names, cells[i] - w->stride, &n);
        if (name == NULL || (i > 0 && TEXT(t, ",") < 0) || text_add(t, name, (size_t)n) < 0)
            return -1;
    }
    return TEXT(t, "]");
}

/* `"alive":{"black":[...],"white":[...]},"territory":{"black":[...],"white":[...]}` (Summary.sets_json())
   from per-cell flags: alive black, alive white, territory black, territory white. */
static int text_sets(Text *t, Work *w, uint8_t flags[4][(MAX_SIDE + 2) * (MAX_SIDE + 1)], const Names *names) {
    if (TEXT(t, "\"alive\":{\"black\":") < 0 || text_names(t, w, flags[0], names) < 0
        || TEXT(t, ",\"white\":") < 0 || text_names(t, w, flags[1], names) < 0
        || TEXT(t, "},\"territory\":{\"black\":") < 0 || text_names(t, w, flags[2], names) < 0
        || TEXT(t, ",\"white\":") < 0 || text_names(t, w, flags[3], names) < 0 || TEXT(t, "}") < 0)
        return -1;
    return 0;
}

/* `[{"colour":"black","stones":[...],"alive":true},...]` (Summary.chains_json()) of every labelled chain,
   alive_both[k] saying whether chain k is pass-alive; the chains' cells are sorted in place. */
static int text_chains(Text *t, Work *w, const uint8_t *alive_both, const Names *names) {
    if (TEXT(t, "[") < 0)
        return -1;
    for (int k = 0; k < w->nchains; k++) {
        int from = w->chain_start[k], to = w->chain_start[k + 1];
        if ((k > 0 && TEXT(t, ",") < 0)
            || (w->chain_colour[k] == BLACK ? TEXT(t, "{\"colour\":\"black\",\"stones\":")
                                            : TEXT(t, "{\"colour\":\"white\",\"stones\":")) < 0
            || text_cells(t, w, &w->chain_cells[from], to - from, names) < 0
            || (alive_both[k] ? TEXT(t, ",\"alive\":true}") : TEXT(t, ",\"alive\":false}")) < 0)
            return -1;
    }
    return TEXT(t, "]");
}

/* ------------------------------------------------------------------ the Python functions */

/* What analyse_both gives: the four bitsets, with the chain tuple, with the JSON text too. */
enum { AREA, SUMMARY, SUMMARY_TEXT };

/* Alive stones and territory of both colours as four ints; for SUMMARY also every chain as
   (colour name, bits, alive); for SUMMARY_TEXT also the JSON text of passalive.tools.summary's
   sets_json() and chains_json(), names[bit] being the JSON name of each bit. */
static PyObject *analyse_both(Args *a, int what, PyObject *name_tuple) {
    Work w;
    if (work_init(&w, a->width, a->height) < 0)
        return NULL;
    PyObject *result = NULL, *items[7] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL}, *colours[2] = {NULL, NULL};
    Text text = {NULL, 0, 0};
    const Names names = {name_tuple, NULL, NULL};
    uint8_t alive_both[(MAX_SIDE + 2) * (MAX_SIDE + 1)]; /* per chain: alive in its own colour's casting-out */
    uint8_t flags[4][(MAX_SIDE + 2) * (MAX_SIDE + 1)];   /* per cell: alive black, alive white, territory... */
    int32_t *cells = w.stack; /* the stack is free again after labelling: reused for output cells */
    if (load(&w, a->black, a->white, a->open) < 0)
        goto done;
    label_chains(&w, (1u << BLACK) | (1u << WHITE));
    for (uint8_t c = BLACK; c <= WHITE; c++) {
        label_regions(&w, c, a->all_points, a->every_point);
        cast_out(&w, c);
        int any = 0;
        for (int k = 0; k < w.nchains; k++)
            if (w.chain_colour[k] == c) {
                alive_both[k] = w.alive[k];
                any |= w.alive[k];
            }
        int found[2] = {alive_cells(&w, c, cells), 0};
        for (int kind = 0; kind < 2; kind++) {
            if (kind == 1) /* territory needs a pass-alive chain */
                found[1] = any ? territory(&w, cells) : 0;
            int at = 2 * kind + c - BLACK;
            items[at] = cells_int(&w, cells, found[kind]);
            if (items[at] == NULL)
                goto done;
            if (what == SUMMARY_TEXT) {
                memset(flags[at], 0, (size_t)w.ncells);
                for (int i = 0; i < found[kind]; i++)
                    flags[at][cells[i]] = 1;
            }
        }
    }
    if (what >= SUMMARY) {
        colours[0] = PyUnicode_InternFromString("black");
        colours[1] = PyUnicode_InternFromString("white");
        if (colours[0] == NULL || colours[1] == NULL || (items[4] = PyTuple_New(w.nchains)) == NULL)
            goto done;
        for (int k = 0; k < w.nchains; k++) {
            PyObject *bits = cells_int(&w, &w.chain_cells[w.chain_start[k]], w.chain_start[k + 1] - w.chain_start[k]);
            PyObject *item = bits == NULL ? NULL
                : PyTuple_Pack(3, colours[w.chain_colour[k] - BLACK], bits, alive_both[k] ? Py_True : Py_False);
            Py_XDECREF(bits);
            if (item == NULL)
                goto done;
            PyTuple_SET_ITEM(items[4], k, item);
        }
    }
    if (what == SUMMARY_TEXT) {
        if (text_sets(&text, &w, flags, &names) < 0
            || (items[5] = PyUnicode_FromStringAndSize(text.data, (Py_ssize_t)text.used)) == NULL)
            goto done;
        /* the chains' cells are sorted in place by text_chains: the chain tuple above is made already */
        text.used = 0;
        if (text_chains(&text, &w, alive_both, &names) < 0
            || (items[6] = PyUnicode_FromStringAndSize(text.data, (Py_ssize_t)text.used)) == NULL)
            goto done;
    }
    int count = what == AREA ? 4 : what == SUMMARY ? 5 : 7;
    result = PyTuple_New(count);
    if (result != NULL)
        for (int i = 0; i < count; i++) {
            PyTuple_SET_ITEM(result, i, items[i]);
            items[i] = NULL;
        }
done:
    for (int i = 0; i < 7; i++)
        Py_XDECREF(items[i]);
    Py_XDECREF(colours[0]);
    Py_XDECREF(colours[1]);
    PyMem_Free(text.data);
    PyMem_Free(w.block);
    return result;
}

PyDoc_STRVAR(area_doc,
"area(black, white, width, height, open, all_points, every_point) -> (alive_black, alive_white, territory_black, territory_white)\n\n"
"The pass-alive stones and the territory of both colours as bitsets of the padded layout\n"
"(passalive.tools.summary's alive_bits and territory_bits).  `all_points`: casting-out's\n"
"suicide adaptation; `every_point`: territory must have every point, not only every empty\n"
"point, next to a pass-alive chain (suicide legal).");

static PyObject *k_area(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Args a;
    if (parse_args(args, nargs, 7, &a, "area") < 0)
        return NULL;
    return analyse_both(&a, AREA, NULL);
}

PyDoc_STRVAR(summary_doc,
"summary(black, white, width, height, open, all_points, every_point[, names]) -> (alive_black, alive_white, territory_black, territory_white, chains[, sets_json, chains_json])\n\n"
"area(...) and every chain of both colours as (colour name, bitset, pass-alive), in order\n"
"of their lowest bit (passalive.tools.summary's raw_chains).  With `names`, a tuple of the\n"
"JSON name (a quoted JSON string) of every bit of the padded layout, also the JSON text of\n"
"Summary.sets_json() and Summary.chains_json().");

static PyObject *k_summary(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Args a;
    if (parse_args(args, nargs == 8 ? 7 : nargs, 7, &a, "summary") < 0)
        return NULL;
    if (nargs < 8)
        return analyse_both(&a, SUMMARY, NULL);
    PyObject *names = args[7];
    if (!PyTuple_Check(names) || PyTuple_GET_SIZE(names) < (Py_ssize_t)a.height * (a.width + 1)) {
        PyErr_SetString(PyExc_TypeError, "names must be a tuple with a str for every bit of the padded layout");
        return NULL;
    }
    /* each name's type is checked where it is read (PyUnicode_AsUTF8AndSize: a TypeError for anything but str) */
    return analyse_both(&a, SUMMARY_TEXT, names);
}

/* ------------------------------------------------------------------ a game's line: replay and JSON lines */

/* The replay of a game's line on a mailbox board of the same layout as Work's (a stamp per cell
   marks the cells a flood fill has seen, so no clearing is needed between fills). */
typedef struct {
    uint8_t *board;
    int32_t *seen, *stack, *cells;
    int32_t stamp;
} Replay;

/* The chain of the stone on `start` into r->cells; its size, and in *liberty whether it has one. */
static int chain_at(Replay *r, int stride, int start, int *liberty) {
    const uint8_t c = r->board[start];
    int top = 0, count = 0;
    *liberty = 0;
    r->stamp++;
    r->seen[start] = r->stamp;
    r->stack[top++] = start;
    while (top) {
        int p = r->stack[--top];
        r->cells[count++] = p;
        const int around[4] = {p - 1, p + 1, p - stride, p + stride};
        for (int i = 0; i < 4; i++) {
            int q = around[i];
            if (r->board[q] == EMPTY)
                *liberty = 1;
            else if (r->board[q] == c && r->seen[q] != r->stamp) {
                r->seen[q] = r->stamp;
                r->stack[top++] = q;
            }
        }
    }
    return count;
}

/* The suicide rules, as passalive.go.suicide.Suicide: illegal, multi-stone suicide legal, every suicide legal. */
enum { SUICIDE_NO = 0, SUICIDE_MULTI = 1, SUICIDE_ALL = 2 };

/* Play `c` at `cell` as passalive.go.game.Game.positions() does: what it captures is removed, then the
   mover's chain if it has no liberty (where the rule allows that suicide); prisoners[0] counts the stones
   black took, prisoners[1] white's; *ko becomes 4 * cell + colour of the point the opponent may not
   retake at once (-1: none).
   Returns 1 for a move the slow path words a warning for (an occupied point, a suicide the rule forbids,
   a ko retaken at once), with the board then unusable; else 0. */
static int play_move(Replay *r, int stride, int cell, uint8_t c, int rule, long prisoners[2], int *ko) {
    const uint8_t other = c == BLACK ? WHITE : BLACK;
    if (r->board[cell] != EMPTY || 4 * cell + c == *ko)
        return 1;
    r->board[cell] = c;
    int captured = 0, taken = -1, liberty;
    const int around[4] = {cell - 1, cell + 1, cell - stride, cell + stride};
    for (int i = 0; i < 4; i++) {
        if (r->board[around[i]] != other)
            continue;
        int n = chain_at(r, stride, around[i], &liberty);
        if (liberty)
            continue;
        for (int j = 0; j < n; j++)
            r->board[r->cells[j]] = EMPTY;
        captured += n;
        taken = around[i];
    }
    prisoners[c - BLACK] += captured;
    int n = chain_at(r, stride, cell, &liberty);
    *ko = -1;
    if (!liberty) { /* a suicide: only a capture-less move can be one */
        if (rule == SUICIDE_NO || (rule == SUICIDE_MULTI && n == 1))
            return 1;
        for (int j = 0; j < n; j++)
            r->board[r->cells[j]] = EMPTY;
        prisoners[other - BLACK] += n;
        return 0;
    }
    if (captured == 1) { /* a ko when the stone stands alone, every other neighbour the opponent's or off the board */
        int alone = 1;
        for (int i = 0; i < 4; i++)
            if (around[i] != taken && (r->board[around[i]] == EMPTY || r->board[around[i]] == c))
                alone = 0;
        if (alone)
            *ko = 4 * taken + other;
    }
    return 0;
}

/* The start of a replay (game_lines, query_answers): `w` for a width x height board, loaded with the setup
   `black` and `white`; `r`'s arrays and the names' UTF-8 table (read once for the whole line) in one block
   (*block, for the caller to free with w->block); r->board the setup.  Returns 0; else, with both blocks
   freed, 1 when a setup chain has no liberty (the general path reports it, or takes it with --allow-illegal)
   or -1 on a Python error. */
static int replay_setup(Work *w, Replay *r, Names *names, void **block, int width, int height, PyObject *black,
                        PyObject *white, PyObject *name_tuple);

static int replay_start(Work *w, Replay *r, Names *names, void **block, int width, int height, PyObject *black,
                        PyObject *white, PyObject *name_tuple) {
    int started = replay_setup(w, r, names, block, width, height, black, white, name_tuple);
    if (started != 0) {
        PyMem_Free(*block);
        PyMem_Free(w->block);
        *block = w->block = NULL;
    }
    return started;
}

static int replay_setup(Work *w, Replay *r, Names *names, void **block, int width, int height, PyObject *black,
                        PyObject *white, PyObject *name_tuple) {
    *block = NULL;
    w->block = NULL;
    if (work_init(w, width, height) < 0)
        return -1;
    const int s = w->stride, ncells = w->ncells, nbits = height * (width + 1);
    /* seen, stack, cells; the names' text and sizes; board */
    *block = PyMem_Calloc(1, (size_t)ncells * (3 * sizeof(int32_t) + 1) + (size_t)nbits * (sizeof(char *) + sizeof(Py_ssize_t)));
    if (*block == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    names->tuple = name_tuple;
    names->size = (Py_ssize_t *)*block;
    names->text = (const char **)(names->size + nbits);
    for (int bit = 0; bit < nbits; bit++)
        if ((names->text[bit] = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(name_tuple, bit), &names->size[bit])) == NULL)
            return -1;
    r->seen = (int32_t *)(names->text + nbits);
    r->stack = r->seen + ncells;
    r->cells = r->stack + ncells;
    r->board = (uint8_t *)(r->cells + ncells);
    r->stamp = 0;
    PyObject *zero = PyLong_FromLong(0);
    int loaded = zero == NULL ? -1 : load(w, black, white, zero); /* w->open stays clear */
    Py_XDECREF(zero);
    if (loaded < 0)
        return -1;
    memcpy(r->board, w->colour, (size_t)ncells);
    for (int p = s; p < ncells - s; p++) {
        int liberty = 1;
        if ((r->board[p] == BLACK || r->board[p] == WHITE) && r->seen[p] == 0)
            chain_at(r, s, p, &liberty);
        if (!liberty)
            return 1;
    }
    return 0;
}

/* One move of a replay, as game_lines and query_answers code it (0x4000 | point black's, 0x8000 | point
   white's, point y*width+x, 0x3fff a pass): 1 for a pass, 0 for a move played, -1 for one the general path
   words (off the board, or what play_move refuses). */
static int replay_code(Replay *r, const Work *w, unsigned code, int rule, long prisoners[2], int *ko) {
    unsigned point = code & 0x3fff;
    if (point == 0x3fff) {
        *ko = -1;
        return 1;
    }
    if (point >= (unsigned)(w->width * w->height))
        return -1;
    int cell = (int)(point / (unsigned)w->width + 1) * w->stride + (int)(point % (unsigned)w->width);
    return play_move(r, w->stride, cell, (code & 0x4000) ? BLACK : WHITE, rule, prisoners, ko) ? -1 : 0;
}

/* A non-negative number in decimal. */
static int text_number(Text *t, long value) {
    char digits[24];
    int n = 0;
    do {
        digits[sizeof(digits) - 1 - n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    return text_add(t, digits + sizeof(digits) - n, (size_t)n);
}

static int text_str(Text *t, PyObject *s) {
    Py_ssize_t n;
    const char *data = PyUnicode_AsUTF8AndSize(s, &n);
    return data == NULL ? -1 : text_add(t, data, (size_t)n);
}

/* The position on w->colour analysed for both colours: alive_both[k] for every chain (pass-alive in its own
   colour's casting-out), and per cell the flags alive black, alive white, territory black, territory white. */
static void analyse_flags(Work *w, int all_points, int every_point, uint8_t *alive_both,
                          uint8_t flags[4][(MAX_SIDE + 2) * (MAX_SIDE + 1)]) {
    int32_t *cells = w->stack; /* free after labelling (as in analyse_both) */
    label_chains(w, (1u << BLACK) | (1u << WHITE));
    memset(flags, 0, 4 * sizeof(flags[0]));
    for (uint8_t c = BLACK; c <= WHITE; c++) {
        label_regions(w, c, all_points, every_point);
        cast_out(w, c);
        int any = 0;
        for (int k = 0; k < w->nchains; k++)
            if (w->chain_colour[k] == c) {
                alive_both[k] = w->alive[k];
                any |= w->alive[k];
            }
        int found = alive_cells(w, c, cells);
        for (int i = 0; i < found; i++)
            flags[c - BLACK][cells[i]] = 1;
        found = any ? territory(w, cells) : 0; /* territory needs a pass-alive chain */
        for (int i = 0; i < found; i++)
            flags[2 + c - BLACK][cells[i]] = 1;
    }
}

/* One node's `--jsonl` line: the head's pieces around the node's numbers, then the summary. */
static int game_line(Text *t, Work *w, PyObject *const *pieces, long node, long move, const long prisoners[2], long passes,
                     int all_points, int every_point, const Names *names) {
    uint8_t alive_both[(MAX_SIDE + 2) * (MAX_SIDE + 1)];
    uint8_t flags[4][(MAX_SIDE + 2) * (MAX_SIDE + 1)];
    analyse_flags(w, all_points, every_point, alive_both, flags);
    /* pieces: head (up to "node":), middle (",komi":... up to before ,"prisoners"), title (the title's JSON
       string up to its node number), tail (,"size":... up to before "alive") */
    if (text_str(t, pieces[0]) < 0 || text_number(t, node) < 0 || TEXT(t, ",\"move\":") < 0 || text_number(t, move) < 0
        || text_str(t, pieces[1]) < 0 || TEXT(t, ",\"prisoners\":{\"black\":") < 0 || text_number(t, prisoners[0]) < 0
        || TEXT(t, ",\"white\":") < 0 || text_number(t, prisoners[1]) < 0 || TEXT(t, "},\"passes\":") < 0
        || text_number(t, passes) < 0 || TEXT(t, ",\"warnings\":[],\"title\":") < 0 || text_str(t, pieces[2]) < 0
        || text_number(t, node) < 0 || TEXT(t, " (move ") < 0 || text_number(t, move) < 0 || TEXT(t, ")\"") < 0
        || text_str(t, pieces[3]) < 0 || text_sets(t, w, flags, names) < 0 || TEXT(t, ",\"chains\":") < 0
        || text_chains(t, w, alive_both, names) < 0 || TEXT(t, "}\n") < 0)
        return -1;
    return 0;
}

/* What game_lines and query_answers both take: the board's sides, the suicide rule of the replay and
   the switches of casting-out (all_points) and territory (every_point). */
typedef struct {
    int width, height, rule, all_points, every_point;
} LineArgs;

/* Check the arguments game_lines and query_answers share, alike: their count (`expected`, the
   function `name`d in the error), then the sides, the rule and the two switches at the positions
   `at` gives (width, height, rule, all_points, every_point: game_lines' one size is both sides),
   with `range` the function's own words for a side or a rule out of range.  0, or -1 with the
   error set. */
static int parse_line_args(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t expected, const char *name,
                           const int at[5], LineArgs *a) {
    if (arg_count(nargs, expected, name) < 0)
        return -1;
    long width = PyLong_AsLong(args[at[0]]), height = PyLong_AsLong(args[at[1]]), rule = PyLong_AsLong(args[at[2]]);
    if ((width == -1 || height == -1 || rule == -1) && PyErr_Occurred())
        return -1;
    if (width < 1 || width > MAX_SIDE || height < 1 || height > MAX_SIDE || rule < SUICIDE_NO || rule > SUICIDE_ALL) {
        /* one size argument (game_lines) or two sides (query_answers) */
        PyErr_Format(PyExc_ValueError, "%s: %s from 1 to %d and a rule 0, 1 or 2", name, at[0] == at[1] ? "a size" : "sides",
                     MAX_SIDE);
        return -1;
    }
    a->width = (int)width;
    a->height = (int)height;
    a->rule = (int)rule;
    a->all_points = PyObject_IsTrue(args[at[3]]);
    a->every_point = PyObject_IsTrue(args[at[4]]);
    return a->all_points < 0 || a->every_point < 0 ? -1 : 0;
}

PyDoc_STRVAR(game_lines_doc,
"game_lines(size, black, white, moves, rule, all_points, every_point, names, head, middle, title, tail) -> bytes | None\n\n"
"The `analyse --all-nodes --jsonl` lines of a game's whole line in one call, as ASCII bytes (the pieces\n"
"are JSON with every other character escaped; bytes go to the output and through a worker's pipe\n"
"without a text encoding or decoding): the root's setup stones\n"
"`black` and `white` (bitsets of the padded layout), then `moves`, two bytes per node (little-endian:\n"
"0 no move, 0x4000 | point black's, 0x8000 | point white's, point y*size+x, 0x3fff a pass), replayed\n"
"under `rule` (0 suicide illegal, 1 multi-stone suicide legal, 2 all), each node's summary as\n"
"`summary` writes it.  None when the line needs the general path: a setup with a chain without\n"
"liberties, a move on an occupied point, a suicide the rule forbids, a ko retaken at once.");

static PyObject *k_game_lines(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const int at[5] = {0, 0, 4, 5, 6};
    LineArgs a;
    if (parse_line_args(args, nargs, 12, "game_lines", at, &a) < 0)
        return NULL;
    const int size = a.width;
    PyObject *name_tuple = args[7];
    if (!PyBytes_Check(args[3]) || !PyTuple_Check(name_tuple) || PyTuple_GET_SIZE(name_tuple) < size * (size + 1)) {
        PyErr_SetString(PyExc_TypeError, "game_lines: moves must be bytes, names a tuple with a str for every bit");
        return NULL;
    }
    for (int i = 8; i < 12; i++)
        if (!PyUnicode_Check(args[i])) {
            PyErr_SetString(PyExc_TypeError, "game_lines: the head's pieces must be str");
            return NULL;
        }
    const uint8_t *moves = (const uint8_t *)PyBytes_AS_STRING(args[3]);
    Py_ssize_t nodes = PyBytes_GET_SIZE(args[3]) / 2;
    Work w;
    Replay r;
    Names names;
    void *block = NULL;
    PyObject *result = NULL;
    Text text = {NULL, 0, 0};
    int started = replay_start(&w, &r, &names, &block, size, size, args[1], args[2], name_tuple);
    if (started < 0)
        return NULL;
    if (started > 0)
        Py_RETURN_NONE; /* the general path words what was wrong */
    const int ncells = w.ncells;
    long prisoners[2] = {0, 0}, passes = 0, move = 0;
    int ko = -1;
    for (Py_ssize_t node = 0; node < nodes; node++) {
        unsigned code = moves[2 * node] | (unsigned)moves[2 * node + 1] << 8;
        if (code) {
            move++;
            int played = replay_code(&r, &w, code, a.rule, prisoners, &ko);
            if (played < 0) {
                result = Py_None; /* the general path words what was wrong */
                Py_INCREF(result);
                goto done;
            }
            passes = played ? passes + 1 : 0;
        }
        memcpy(w.colour, r.board, (size_t)ncells);
        if (game_line(&text, &w, &args[8], (long)node, move, prisoners, passes, a.all_points, a.every_point, &names) < 0)
            goto done;
    }
    result = PyBytes_FromStringAndSize(text.data == NULL ? "" : text.data, (Py_ssize_t)text.used);
done:
    PyMem_Free(block);
    PyMem_Free(text.data);
    PyMem_Free(w.block);
    return result;
}

/* ------------------------------------------------------------------ a query's turns: the engine's pass-alive answers */

/* `,"ownership":[...],"passAlive":{"black":[...],"white":[...]}` of the position on w->colour, as
   passalive.tools.engine.answers writes it: per point +1 black's, -1 white's (pass-alive stones and
   territory), 0 neither, in reading order; each colour's pass-alive chains in order of their lowest point,
   each a list of its stones' names in reading order. */
static int query_body(Text *t, Work *w, int all_points, int every_point, const Names *names) {
    uint8_t alive_both[(MAX_SIDE + 2) * (MAX_SIDE + 1)];
    uint8_t flags[4][(MAX_SIDE + 2) * (MAX_SIDE + 1)];
    analyse_flags(w, all_points, every_point, alive_both, flags);
    if (TEXT(t, ",\"ownership\":[") < 0)
        return -1;
    int first = 1;
    for (int p = w->stride; p < w->ncells - w->stride; p++) {
        int value = (flags[0][p] | flags[2][p]) + 2 * (flags[1][p] | flags[3][p]);
        if (w->colour[p] == OFF || value == 3) /* (both colours' at once cannot happen; the Python drops it too) */
            continue;
        if ((!first && TEXT(t, ",") < 0) || (value == 0 ? TEXT(t, "0") : value == 1 ? TEXT(t, "1") : TEXT(t, "-1")) < 0)
            return -1;
        first = 0;
    }
    if (TEXT(t, "],\"passAlive\":{\"black\":[") < 0)
        return -1;
    for (uint8_t c = BLACK; c <= WHITE; c++) {
        int listed = 0;
        if (c == WHITE && TEXT(t, "],\"white\":[") < 0)
            return -1;
        for (int k = 0; k < w->nchains; k++) {
            if (w->chain_colour[k] != c || !alive_both[k])
                continue;
            int from = w->chain_start[k], to = w->chain_start[k + 1];
            if ((listed++ && TEXT(t, ",") < 0) || text_cells(t, w, &w->chain_cells[from], to - from, names) < 0)
                return -1;
        }
    }
    return TEXT(t, "]}");
}

PyDoc_STRVAR(query_answers_doc,
"query_answers(width, height, black, white, moves, rule, all_points, every_point, names, wanted) -> tuple[bytes, ...] | None\n\n"
"The pass-alive part of `passalive engine`'s answers to a query, in one call: the initial stones `black`\n"
"and `white` (bitsets of the padded layout), then `moves`, two bytes per move (little-endian: 0x4000 | point\n"
"black's, 0x8000 | point white's, point y*width+x, 0x3fff a pass), replayed under `rule` (0 suicide\n"
"illegal, 1 multi-stone suicide legal, 2 all); for every turn t (the position after t moves) with\n"
"wanted[t] != 0, in turn order, the ASCII bytes `,\"ownership\":[...],\"passAlive\":{...}` as\n"
"passalive.tools.engine.answers writes them.  None when the query needs the general path, which words\n"
"what is wrong: an initial chain without liberties, a move on an occupied point, a suicide the rule\n"
"forbids, a ko taken back at once.");

static PyObject *k_query_answers(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static const int at[5] = {0, 1, 5, 6, 7};
    LineArgs a;
    if (parse_line_args(args, nargs, 10, "query_answers", at, &a) < 0)
        return NULL;
    PyObject *name_tuple = args[8];
    if (!PyBytes_Check(args[4]) || !PyBytes_Check(args[9]) || !PyTuple_Check(name_tuple)
        || PyTuple_GET_SIZE(name_tuple) < a.height * (a.width + 1)
        || PyBytes_GET_SIZE(args[9]) != PyBytes_GET_SIZE(args[4]) / 2 + 1) {
        PyErr_SetString(PyExc_TypeError, "query_answers: moves and wanted must be bytes (a byte per turn), names a tuple "
                                         "with a str for every bit");
        return NULL;
    }
    const uint8_t *moves = (const uint8_t *)PyBytes_AS_STRING(args[4]), *wanted = (const uint8_t *)PyBytes_AS_STRING(args[9]);
    Py_ssize_t count = PyBytes_GET_SIZE(args[4]) / 2, answers = 0;
    for (Py_ssize_t turn = 0; turn <= count; turn++)
        answers += wanted[turn] != 0;
    Work w;
    Replay r;
    Names names;
    void *block = NULL;
    PyObject *result = NULL, *bodies = NULL;
    Text text = {NULL, 0, 0};
    int started = replay_start(&w, &r, &names, &block, a.width, a.height, args[2], args[3], name_tuple);
    if (started < 0)
        return NULL;
    if (started > 0)
        Py_RETURN_NONE; /* the general path words what was wrong */
    const int ncells = w.ncells;
    if ((bodies = PyTuple_New(answers)) == NULL)
        goto done;
    long prisoners[2] = {0, 0};
    int ko = -1;
    Py_ssize_t made = 0;
    for (Py_ssize_t turn = 0; turn <= count; turn++) {
        if (turn > 0) {
            unsigned code = moves[2 * (turn - 1)] | (unsigned)moves[2 * (turn - 1) + 1] << 8;
            if (replay_code(&r, &w, code, a.rule, prisoners, &ko) < 0) {
                result = Py_None; /* the general path words what was wrong */
                Py_INCREF(result);
                goto done;
            }
        }
        if (!wanted[turn])
            continue;
        memcpy(w.colour, r.board, (size_t)ncells);
        text.used = 0;
        PyObject *body;
        if (query_body(&text, &w, a.all_points, a.every_point, &names) < 0
            || (body = PyBytes_FromStringAndSize(text.data, (Py_ssize_t)text.used)) == NULL)
            goto done;
        PyTuple_SET_ITEM(bodies, made++, body);
    }
    result = bodies;
    bodies = NULL;
done:
    Py_XDECREF(bodies);
    PyMem_Free(block);
    PyMem_Free(text.data);
    PyMem_Free(w.block);
    return result;
}

static PyMethodDef methods[] = {
    {"casting_out", (PyCFunction)(void (*)(void))k_casting_out, METH_FASTCALL, casting_out_doc},
    {"area", (PyCFunction)(void (*)(void))k_area, METH_FASTCALL, area_doc},
    {"summary", (PyCFunction)(void (*)(void))k_summary, METH_FASTCALL, summary_doc},
    {"game_lines", (PyCFunction)(void (*)(void))k_game_lines, METH_FASTCALL, game_lines_doc},
    {"query_answers", (PyCFunction)(void (*)(void))k_query_answers, METH_FASTCALL, query_answers_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernel",
    "The direct casting-out in C: passalive.definitions.kernel chooses it when it is built.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }
