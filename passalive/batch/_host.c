/*
 * passalive.batch._host -- the fused kernel (fused.cu) built for the CPU (optional).
 *
 * fused.cu decides one colour of one position from the stones to the answer
 * in one working memory; on a GPU each thread takes one such problem.  Here
 * the same code, its board shape given at run time, runs a range of the
 * problems one after another, without the GIL, so that fused.py can share a
 * batch's problems among threads.  Built by setup.py when a C compiler is
 * there; without it passalive.batch runs its array program on the CPU.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>

#include "fused.cu"

#define TEXT(x) #x
#define NUMBER(x) TEXT(x)

PyDoc_STRVAR(cast_out_doc,
             "cast_out(black, white, n, height, width, all_points, alive, territory, first, last, /)\n--\n\n"
             "Pass-alive stones and territory of problems first to last - 1 of the 2n (black's n, then white's).\n\n"
             "black and white: n x height x width bytes (1 for a stone); alive and territory: writable\n"
             "2n x height x width bytes, of which the range's problems are written (1 or 0).");

static PyObject *h_cast_out(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer black, white, alive, territory;
    long long n, first, last;
    int height, width, all_points;
    if (!PyArg_ParseTuple(args, "y*y*Liipw*w*LL:cast_out", &black, &white, &n, &height, &width, &all_points, &alive,
                          &territory, &first, &last))
        return NULL;
    const char *wrong = NULL;
    if (height < 1 || width < 1 || height > PA_MAX_SIDE || width > PA_MAX_SIDE)
        wrong = "height and width must be 1 to " NUMBER(PA_MAX_SIDE);
    else if (n < 0 || black.len % (height * width) || n != black.len / (height * width) || white.len != black.len)
        wrong = "black and white must be n x height x width bytes";
    else if (alive.len != 2 * black.len || territory.len != alive.len)
        wrong = "alive and territory must be 2n x height x width bytes";
    else if (first < 0 || first > last || last > 2 * n)
        wrong = "the problems must be a range of 0 to 2n";
    pa_work *w = wrong ? NULL : (pa_work *)malloc(sizeof(pa_work));
    if (!wrong && w) {
        w->height = height;
        w->width = width;
        Py_BEGIN_ALLOW_THREADS
        pa_problems(w, first, last, n, (const unsigned char *)black.buf, (const unsigned char *)white.buf, all_points,
                    (unsigned char *)alive.buf, (unsigned char *)territory.buf);
        Py_END_ALLOW_THREADS
        free(w);
    }
    PyBuffer_Release(&black);
    PyBuffer_Release(&white);
    PyBuffer_Release(&alive);
    PyBuffer_Release(&territory);
    if (wrong) {
        PyErr_SetString(PyExc_ValueError, wrong);
        return NULL;
    }
    if (!w)
        return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"cast_out", h_cast_out, METH_VARARGS, cast_out_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_host",
    "The fused kernel (fused.cu) for the CPU: passalive.batch.fused chooses it for arrays on the CPU.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__host(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "MAX_SIDE", PA_MAX_SIDE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
