/*
 * passalive.tools.explore._census -- exhaustive census of a small board in C (optional).
 *
 * An exhaustive `explore` search of 4x5 visits about 2.3e8 classes; in Python the
 * enumeration alone (a loop over every white mask of each canonical black mask) and the
 * per-position deciders take days.  This module does, for boards of at most 30 points
 * held in one machine word (bit y*W+x for column x, row y: the masks of
 * passalive.go.bitboard.Grid):
 *
 *   chunks(W, H)            the canonical black masks (smallest image under the board's
 *                           symmetries), ascending: Exhaustive.chunks;
 *   positions(black, W, H)  the white masks of the canonical legal positions with this
 *                           black mask, in Exhaustive.positions' order;
 *   benson(black, white, W, H)    the pass-alive chains of each colour by Benson's
 *                           casting-out (suicide illegal), as two masks;
 *   knechtel(black, white, W, H)  the chains Knechtel's marking leaves unmarked
 *                           (passalive.definitions.variants.trace_knechtel), two masks;
 *   census(blacks, W, H, keep)    every canonical position of those black masks, Knechtel
 *                           against Benson: how many positions, how many agree, how many
 *                           show each kind of disagreement, and the `keep` positions with
 *                           fewest stones of each kind.
 *
 * These are second implementations: tests compare them with the Python code (the
 * enumerator on every board up to 4x4, the deciders on every class of 3x3 and 3x4 and on
 * generated positions).  All state is on the stack of a call: no global state.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define POPCOUNT(x) __builtin_popcount(x)
#else
static int POPCOUNT(uint32_t x) {
    int k = 0;
    for (; x; x &= x - 1) k++;
    return k;
}
#endif

#define MAX_POINTS 30
#define MAX_SYMS 8

typedef uint32_t mask;

typedef struct {
    int w, h, n;
    mask full, not_left, not_right;
    int nsym;
    mask bytes[MAX_SYMS][4][256]; /* image of each byte of a mask under each symmetry */
} Geo;

static int geo_init(Geo *g, int w, int h) {
    if (w < 1 || h < 1 || w * h > MAX_POINTS) {
        PyErr_Format(PyExc_ValueError, "boards of 1 to %d points, not %dx%d", MAX_POINTS, w, h);
        return -1;
    }
    g->w = w;
    g->h = h;
    g->n = w * h;
    g->full = (g->n == 32) ? 0xffffffffu : ((1u << g->n) - 1);
    g->not_left = g->not_right = 0;
    for (int p = 0; p < g->n; p++) {
        if (p % w != 0) g->not_left |= 1u << p;
        if (p % w != w - 1) g->not_right |= 1u << p;
    }
    g->nsym = (w == h) ? 8 : 4;
    for (int s = 0; s < g->nsym; s++) {
        int perm[MAX_POINTS];
        for (int p = 0; p < g->n; p++) {
            int x = p % w, y = p / w, nx, ny;
            switch (s) {
            case 0: nx = x; ny = y; break;
            case 1: nx = w - 1 - x; ny = y; break;
            case 2: nx = x; ny = h - 1 - y; break;
            case 3: nx = w - 1 - x; ny = h - 1 - y; break;
            case 4: nx = y; ny = x; break;
            case 5: nx = h - 1 - y; ny = x; break;
            case 6: nx = y; ny = w - 1 - x; break;
            default: nx = h - 1 - y; ny = w - 1 - x; break;
            }
            perm[p] = ny * w + nx;
        }
        for (int k = 0; k < 4; k++)
            for (int b = 0; b < 256; b++) {
                mask image = 0;
                for (int j = 0; j < 8; j++) {
                    int p = k * 8 + j;
                    if ((b >> j) & 1 && p < g->n) image |= 1u << perm[p];
                }
                g->bytes[s][k][b] = image;
            }
    }
    return 0;
}

static inline mask image(const Geo *g, int s, mask m) {
    return g->bytes[s][0][m & 255] | g->bytes[s][1][(m >> 8) & 255] | g->bytes[s][2][(m >> 16) & 255] |
           g->bytes[s][3][m >> 24];
}

static inline mask dilate(const Geo *g, mask m) {
    return (m | (m << g->w) | (m >> g->w) | ((m & g->not_right) << 1) | ((m & g->not_left) >> 1)) & g->full;
}

static inline mask flood(const Geo *g, mask seed, mask within) {
    for (;;) {
        mask next = dilate(g, seed) & within;
        if (next == seed) return seed;
        seed = next;
    }
}

/* The connected components of m, in the order of their lowest points; returns how many. */
static int components(const Geo *g, mask m, mask *out) {
    int k = 0;
    while (m) {
        mask c = flood(g, m & (0u - m), m);
        out[k++] = c;
        m &= ~c;
    }
    return k;
}

/* Whether every chain of both colours has a liberty. */
static inline int legal(const Geo *g, mask black, mask white) {
    mask empty = g->full & ~(black | white);
    mask near = dilate(g, empty);
    return flood(g, black & near, black) == black && flood(g, white & near, white) == white;
}

/* Benson's casting-out (suicide illegal) for the chains of `own`: the mask of the pass-alive ones. */
static mask benson_one(const Geo *g, mask own, mask other) {
    mask chains[MAX_POINTS], regions[MAX_POINTS];
    int nc = components(g, own, chains);
    if (!nc) return 0;
    int nr = components(g, g->full & ~own, regions);
    mask empty = g->full & ~(own | other);
    uint32_t region_chains[MAX_POINTS]; /* per region: the chains next to it (bits over chains) */
    uint32_t healthy[MAX_POINTS];       /* per region: the chains it is healthy for */
    for (int r = 0; r < nr; r++) {
        region_chains[r] = healthy[r] = 0;
        mask holes = regions[r] & empty, around = dilate(g, regions[r]);
        for (int i = 0; i < nc; i++) {
            if (!(chains[i] & around)) continue;
            region_chains[r] |= 1u << i;
            if ((holes & ~dilate(g, chains[i])) == 0) healthy[r] |= 1u << i;
        }
    }
    uint32_t in_s = (nc == 32) ? 0xffffffffu : ((1u << nc) - 1);
    for (;;) {
        uint32_t keep = 0;
        for (int i = 0; i < nc; i++) {
            if (!((in_s >> i) & 1)) continue;
            int vital = 0;
            for (int r = 0; r < nr && vital < 2; r++)
                if ((healthy[r] >> i) & 1 && (region_chains[r] & ~in_s) == 0) vital++;
            if (vital >= 2) keep |= 1u << i;
        }
        if (keep == in_s) break;
        in_s = keep;
    }
    mask alive = 0;
    for (int i = 0; i < nc; i++)
        if ((in_s >> i) & 1) alive |= chains[i];
    return alive;
}

/* Knechtel's marking (both colours together): the masks of the unmarked black and white strings. */
static void knechtel_both(const Geo *g, mask black, mask white, mask *alive_black, mask *alive_white) {
    mask strings[2 * MAX_POINTS], eyes_of[MAX_POINTS];
    int nb = components(g, black, strings);
    int ns = nb + components(g, white, strings + nb);
    mask empty = g->full & ~(black | white);
    int ne = components(g, empty, eyes_of);
    uint64_t adj[MAX_POINTS]; /* per empty string: the stone strings next to it (bits over strings) */
    uint64_t whites = ((ns == 64) ? ~0ull : ((1ull << ns) - 1)) & ~((1ull << nb) - 1);
    for (int e = 0; e < ne; e++) {
        adj[e] = 0;
        mask around = dilate(g, eyes_of[e]);
        for (int i = 0; i < ns; i++)
            if (strings[i] & around) adj[e] |= 1ull << i;
    }
    uint64_t marked = 0;
    for (;;) {
        uint64_t eye = 0; /* bits over empty strings */
        for (int e = 0; e < ne; e++) {
            uint64_t live = adj[e] & ~marked;
            if (!(live & whites) || !(live & ~whites)) eye |= 1ull << e;
        }
        uint64_t newly = 0;
        for (int i = 0; i < ns; i++) {
            if ((marked >> i) & 1) continue;
            int count = 0;
            for (int e = 0; e < ne && count < 2; e++)
                if ((eye >> e) & 1 && (adj[e] >> i) & 1) count++;
            if (count <= 1) newly |= 1ull << i;
        }
        if (!newly) break;
        marked |= newly;
    }
    *alive_black = *alive_white = 0;
    for (int i = 0; i < ns; i++)
        if (!((marked >> i) & 1)) {
            if (i < nb) *alive_black |= strings[i];
            else *alive_white |= strings[i];
        }
}

/* Exhaustive.positions as an iterator: the white masks of the canonical legal positions with one
 * black mask, ascending.  A white mask qualifies when no image of it is below the black mask (else
 * an image has a smaller black part), the position is legal, the symmetries that fix the black mask
 * map it to no smaller white mask, and no colour-swapped image has a smaller code. */
typedef struct {
    const Geo *g;
    mask black, room, next;
    int done;
    mask black_images[MAX_SYMS];
} Whites;

static void whites_start(Whites *it, const Geo *g, mask black) {
    it->g = g;
    it->black = black;
    it->room = g->full & ~black;
    it->next = 0;
    it->done = 0;
    for (int s = 0; s < g->nsym; s++) it->black_images[s] = image(g, s, black);
}

static int whites_next(Whites *it, mask *out) {
    const Geo *g = it->g;
    mask black = it->black;
    while (!it->done) {
        mask w = it->next;
        if (w == it->room) it->done = 1;
        else it->next = (w - it->room) & it->room;
        if (w < black) continue;
        mask wi[MAX_SYMS];
        int ok = 1;
        for (int s = 0; s < g->nsym && ok; s++) {
            wi[s] = image(g, s, w);
            if (wi[s] < black) ok = 0;
        }
        if (!ok || !legal(g, black, w)) continue;
        for (int s = 0; s < g->nsym && ok; s++) {
            if (it->black_images[s] == black && wi[s] < w) ok = 0;
            if (wi[s] == black && it->black_images[s] < w) ok = 0;
        }
        if (ok) {
            *out = w;
            return 1;
        }
    }
    return 0;
}

static int read_mask(PyObject *v, mask *out) {
    unsigned long long x = PyLong_AsUnsignedLongLong(v);
    if (x == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    if (x >> 32) {
        PyErr_SetString(PyExc_ValueError, "masks of at most 32 bits");
        return -1;
    }
    *out = (mask)x;
    return 0;
}

/* Append `m` to the list `out` as a Python int; -1 on a Python error. */
static int append_mask(PyObject *out, mask m) {
    PyObject *v = PyLong_FromUnsignedLong(m);
    if (!v)
        return -1;
    int appended = PyList_Append(out, v);
    Py_DECREF(v);
    return appended;
}

static PyObject *c_chunks(PyObject *self, PyObject *args) {
    (void)self;
    int w, h;
    Geo g;
    if (!PyArg_ParseTuple(args, "ii", &w, &h) || geo_init(&g, w, h) < 0) return NULL;
    if (g.n > 24) return PyErr_Format(PyExc_ValueError, "chunks: at most 24 points, not %d", g.n);
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (mask b = 0;; b++) {
        int smallest = 1;
        for (int s = 1; s < g.nsym && smallest; s++)
            if (image(&g, s, b) < b) smallest = 0;
        if (smallest && append_mask(out, b) < 0) {
            Py_DECREF(out);
            return NULL;
        }
        if (b == g.full) break;
    }
    return out;
}

static PyObject *c_positions(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *bv;
    int w, h;
    Geo g;
    mask black;
    if (!PyArg_ParseTuple(args, "Oii", &bv, &w, &h) || geo_init(&g, w, h) < 0 || read_mask(bv, &black) < 0) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    Whites it;
    mask white;
    whites_start(&it, &g, black);
    while (whites_next(&it, &white)) {
        if (append_mask(out, white) < 0) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

static int read_position(PyObject *args, Geo *g, mask *black, mask *white) {
    PyObject *bv, *wv;
    int w, h;
    if (!PyArg_ParseTuple(args, "OOii", &bv, &wv, &w, &h) || geo_init(g, w, h) < 0 || read_mask(bv, black) < 0 ||
        read_mask(wv, white) < 0)
        return -1;
    if ((*black | *white) & ~g->full || *black & *white) {
        PyErr_SetString(PyExc_ValueError, "stones off the board, or black and white on one point");
        return -1;
    }
    return 0;
}

static PyObject *c_benson(PyObject *self, PyObject *args) {
    (void)self;
    Geo g;
    mask black, white;
    if (read_position(args, &g, &black, &white) < 0) return NULL;
    return Py_BuildValue("(kk)", (unsigned long)benson_one(&g, black, white), (unsigned long)benson_one(&g, white, black));
}

static PyObject *c_knechtel(PyObject *self, PyObject *args) {
    (void)self;
    Geo g;
    mask black, white, ab, aw;
    if (read_position(args, &g, &black, &white) < 0) return NULL;
    knechtel_both(&g, black, white, &ab, &aw);
    return Py_BuildValue("(kk)", (unsigned long)ab, (unsigned long)aw);
}

#define MAX_KEEP 16

typedef struct {
    int count;
    int stones[MAX_KEEP];
    mask black[MAX_KEEP], white[MAX_KEEP];
} Kept;

/* Keep the `keep` positions with fewest stones (the first found among equals). */
static void kept_add(Kept *k, int keep, mask black, mask white) {
    int stones = POPCOUNT(black) + POPCOUNT(white);
    if (k->count == keep && stones >= k->stones[keep - 1]) return;
    int i = (k->count < keep) ? k->count++ : keep - 1;
    while (i > 0 && k->stones[i - 1] > stones) {
        k->stones[i] = k->stones[i - 1];
        k->black[i] = k->black[i - 1];
        k->white[i] = k->white[i - 1];
        i--;
    }
    k->stones[i] = stones;
    k->black[i] = black;
    k->white[i] = white;
}

static PyObject *kept_list(const Kept *k) {
    PyObject *out = PyList_New(k->count);
    if (!out) return NULL;
    for (int i = 0; i < k->count; i++) {
        PyObject *pair = Py_BuildValue("(kk)", (unsigned long)k->black[i], (unsigned long)k->white[i]);
        if (!pair) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, pair);
    }
    return out;
}

static PyObject *c_census(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *seq;
    int w, h, keep;
    Geo g;
    if (!PyArg_ParseTuple(args, "Oiii", &seq, &w, &h, &keep) || geo_init(&g, w, h) < 0) return NULL;
    if (keep < 0 || keep > MAX_KEEP) return PyErr_Format(PyExc_ValueError, "keep 0 to %d examples", MAX_KEEP);
    PyObject *fast = PySequence_Fast(seq, "census: a sequence of black masks");
    if (!fast) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    unsigned long long positions = 0, agree = 0, kind_a = 0, kind_b = 0;
    Kept ka = {0}, kb = {0};
    for (Py_ssize_t j = 0; j < count; j++) {
        mask black;
        if (read_mask(PySequence_Fast_GET_ITEM(fast, j), &black) < 0 || (black & ~g.full)) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "census: a black mask off the board");
            Py_DECREF(fast);
            return NULL;
        }
        Py_BEGIN_ALLOW_THREADS
        Whites it;
        mask white;
        whites_start(&it, &g, black);
        while (whites_next(&it, &white)) {
            mask kb_alive, kw_alive;
            knechtel_both(&g, black, white, &kb_alive, &kw_alive);
            mask bb = benson_one(&g, black, white), bw = benson_one(&g, white, black);
            int a = (kb_alive & ~bb) || (kw_alive & ~bw); /* Knechtel alive, Benson not */
            int b = (bb & ~kb_alive) || (bw & ~kw_alive); /* Benson alive, Knechtel not */
            positions++;
            if (!a && !b) agree++;
            if (a) {
                kind_a++;
                if (keep) kept_add(&ka, keep, black, white);
            }
            if (b) {
                kind_b++;
                if (keep) kept_add(&kb, keep, black, white);
            }
        }
        Py_END_ALLOW_THREADS
    }
    Py_DECREF(fast);
    PyObject *la = kept_list(&ka), *lb = la ? kept_list(&kb) : NULL;
    if (!lb) {
        Py_XDECREF(la);
        return NULL;
    }
    return Py_BuildValue("(KKKKNN)", positions, agree, kind_a, kind_b, la, lb);
}

static PyMethodDef methods[] = {
    {"chunks", c_chunks, METH_VARARGS, "chunks(width, height): the canonical black masks, ascending."},
    {"positions", c_positions, METH_VARARGS,
     "positions(black, width, height): the white masks of the canonical legal positions, in order."},
    {"benson", c_benson, METH_VARARGS, "benson(black, white, width, height): (alive black, alive white) masks."},
    {"knechtel", c_knechtel, METH_VARARGS, "knechtel(black, white, width, height): (unmarked black, unmarked white)."},
    {"census", c_census, METH_VARARGS,
     "census(blacks, width, height, keep): (positions, agree, knechtel-only, benson-only, examples a, examples b)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_census", "Exhaustive census of small boards in C.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__census(void) { return PyModule_Create(&module); }
