/*
 * passalive.batch's fused kernel: casting-out and healthy territory for a
 * batch of positions, one GPU thread per position and colour.
 *
 * The array program of kernel.py passes over whole arrays in GPU memory
 * once per operation (label steps, sorts, scans): on an H200 it did 389,000
 * 19x19 positions/s, its time spent in memory passes, not in arithmetic.
 * Here each thread decides one colour of one position from start to end in
 * its own memory, the way the compiled CPU kernel
 * (passalive/definitions/_kernel.c) does it:
 *
 *   1. chains: the own stones are flood-filled, chain by chain;
 *   2. regions: each region (a maximal connected set of points that are not
 *      own stones) is flood-filled once, counting for each chain next to it
 *      the region's needed points (its empty points; every point when
 *      suicide is legal) that are liberties of the chain: the region is
 *      healthy for the chain when that count is all of them.  A needed point
 *      next to no own stone makes the region healthy for no chain, and its
 *      counting stops;
 *   3. casting-out, in rounds over the region/chain graph until nothing
 *      changes: a region counts while every chain next to it is alive; a
 *      chain stays alive while at least two counting regions are healthy
 *      for it;
 *   4. territory (the `healthy` convention): the points of a counting region
 *      that is healthy for a chain next to it.
 *
 * The answers are those of kernel.py and of passalive.definitions.direct;
 * tests/test_batch_fused.py compares them.
 *
 * One source, two builds:
 *
 *   - the GPU's (fused.py, through CuPy's NVRTC): the board's shape is fixed
 *     at compile time (-D PA_H=rows -D PA_W=columns), so that every array
 *     of a thread's working memory has its exact size;
 *   - the CPU's (passalive.batch._host, _host.c, a C extension built at
 *     install): without PA_H the shape is given at run time, kept in the
 *     working memory, and the arrays are sized for the largest board
 *     (PA_MAX_SIDE a side).  The problems run one after another
 *     (pa_problems), each thread of the caller on its own range.
 *
 * The tests also compile the fixed-shape build for the CPU (its host entry
 * point at the end) and check that nvcc compiles it for the GPU.
 *
 * Layout: one cell per point in rows of width + 1 cells (the last one off the
 * board), with one row of off-board cells above and below, so that the four
 * neighbours of a point are cell - 1, cell + 1, cell - stride and
 * cell + stride and never leave the array.
 *
 * Sizes: chains are never next to each other, nor are regions, so one point
 * of each chain (or of each region) makes a set of points no two of them
 * neighbours: on a grid of P points there are at most (P + 1) / 2 of either.
 * The region/chain graph is planar and bipartite, its vertices at most P:
 * fewer than 2 P + 4 edges.  A chain or region is a byte on boards of at
 * most 508 points (22x22, 13x39, ...).
 *
 * NVRTC compiles this file without a C library: no #include on the GPU side.
 */
#ifdef PA_H /* the shape fixed at compile time (the GPU's build) */
#ifndef PA_W
#error "compile with -D PA_H=rows -D PA_W=columns"
#endif
#define PA_HEIGHT PA_H
#define PA_WIDTH PA_W
#define PA_MOST_CELLS ((PA_H + 2) * (PA_W + 1))
#define PA_MOST_POINTS (PA_H * PA_W)
#elif defined(__CUDACC__) || defined(__CUDACC_RTC__)
#error "the GPU's build needs its shape: compile with -D PA_H=rows -D PA_W=columns"
#else /* the shape given at run time, in the working memory w (the CPU's build) */
#ifndef PA_MAX_SIDE
#define PA_MAX_SIDE 52 /* passalive.go.limits.MAX_SIDE */
#endif
#define PA_HEIGHT (w->height)
#define PA_WIDTH (w->width)
#define PA_MOST_CELLS ((PA_MAX_SIDE + 2) * (PA_MAX_SIDE + 1))
#define PA_MOST_POINTS (PA_MAX_SIDE * PA_MAX_SIDE)
#endif

#define PA_STRIDE (PA_WIDTH + 1)
#define PA_CELLS ((PA_HEIGHT + 2) * PA_STRIDE)
#define PA_POINTS (PA_HEIGHT * PA_WIDTH)
#define PA_MOST_COMPONENTS ((PA_MOST_POINTS + 1) / 2) /* chains, or regions (see Sizes) */
#define PA_MOST_EDGES (2 * PA_MOST_POINTS + 4)

#if PA_MOST_CELLS < 32767
typedef short pa_index; /* a cell, edge or count */
#else
typedef int pa_index;
#endif
#if PA_MOST_COMPONENTS < 255 /* boards of at most 508 points (22x22, 22x23, 13x39, ...) */
typedef unsigned char pa_id; /* a chain or a region */
#else
typedef unsigned short pa_id;
#endif
#define PA_NONE ((pa_id)-1) /* no chain or region (yet) */

#if defined(__CUDACC__) || defined(__CUDACC_RTC__) /* nvcc, or NVRTC (CuPy) */
#define PA_FUNCTION __device__ static
#else
#define PA_FUNCTION static
#endif

enum { PA_EMPTY = 0, PA_OWN = 1, PA_OPPONENT = 2, PA_OFF = 3 };

/* One problem's working memory (a thread's local memory on the GPU). */
typedef struct {
#ifndef PA_H
    int height, width; /* the board's shape, set before the first problem */
#endif
    unsigned char colour[PA_MOST_CELLS];
    pa_id component[PA_MOST_CELLS]; /* an own stone's chain, another point's region; PA_NONE before labelling */
    pa_index stack[PA_MOST_POINTS];
    /* per chain */
    pa_id mark[PA_MOST_COMPONENTS];         /* the last region found next to the chain */
    pa_index liberties[PA_MOST_COMPONENTS]; /* that region's needed points that are liberties of the chain */
    unsigned char healthy[PA_MOST_COMPONENTS]; /* counting regions healthy for it in this round (2 is enough) */
    unsigned char alive[PA_MOST_COMPONENTS];
    /* per region */
    pa_index edge_start[PA_MOST_COMPONENTS + 1];
    unsigned char counting[PA_MOST_COMPONENTS];   /* every chain next to it alive */
    unsigned char healthy_any[PA_MOST_COMPONENTS]; /* healthy for a chain next to it */
    /* per (region, chain next to it) */
    pa_id edge_chain[PA_MOST_EDGES];
    unsigned char edge_healthy[PA_MOST_EDGES];
} pa_work;

/* The own stones' chains in order of their first cell; their number. */
PA_FUNCTION int pa_chains(pa_work *w) {
    int chains = 0;
    for (int start = PA_STRIDE; start < PA_CELLS - PA_STRIDE; start++) {
        if (w->colour[start] != PA_OWN || w->component[start] != PA_NONE)
            continue;
        int top = 0;
        w->stack[top++] = (pa_index)start;
        w->component[start] = (pa_id)chains;
        while (top) {
            int p = w->stack[--top];
            const int around[4] = {p - 1, p + 1, p - PA_STRIDE, p + PA_STRIDE};
            for (int i = 0; i < 4; i++) {
                int q = around[i];
                if (w->colour[q] == PA_OWN && w->component[q] == PA_NONE) {
                    w->component[q] = (pa_id)chains;
                    w->stack[top++] = (pa_index)q;
                }
            }
        }
        chains++;
    }
    return chains;
}

/* The regions, each with its edges to the chains next to it and whether it is healthy for each; their number. */
PA_FUNCTION int pa_regions(pa_work *w, int chains, int all_points) {
    for (int k = 0; k < chains; k++)
        w->mark[k] = PA_NONE;
    int regions = 0, edges = 0;
    for (int start = PA_STRIDE; start < PA_CELLS - PA_STRIDE; start++) {
        int c0 = w->colour[start];
        if (c0 == PA_OWN || c0 == PA_OFF || w->component[start] != PA_NONE)
            continue;
        const int r = regions, first = edges;
        int top = 0, needed = 0, hopeless = 0;
        w->stack[top++] = (pa_index)start;
        w->component[start] = (pa_id)r;
        while (top) {
            int p = w->stack[--top];
            int is_needed = all_points || w->colour[p] == PA_EMPTY;
            needed += is_needed;
            const int around[4] = {p - 1, p + 1, p - PA_STRIDE, p + PA_STRIDE};
            int seen[4], nseen = 0; /* the distinct chains next to p */
            for (int i = 0; i < 4; i++) {
                int q = around[i];
                int cq = w->colour[q];
                if (cq == PA_OWN) {
                    int k = w->component[q], again = 0;
                    for (int m = 0; m < nseen; m++)
                        again |= seen[m] == k;
                    if (!again)
                        seen[nseen++] = k;
                } else if (cq != PA_OFF && w->component[q] == PA_NONE) {
                    w->component[q] = (pa_id)r;
                    w->stack[top++] = (pa_index)q;
                }
            }
            hopeless |= is_needed && nseen == 0;
            if (hopeless)
                continue; /* healthy for no chain: only the labelling goes on */
            for (int m = 0; m < nseen; m++) {
                int k = seen[m];
                if (w->mark[k] != r) { /* the first point of this region next to chain k: a new edge */
                    w->mark[k] = (pa_id)r;
                    w->liberties[k] = 0;
                    w->edge_chain[edges++] = (pa_id)k;
                }
                w->liberties[k] += (pa_index)is_needed;
            }
        }
        if (hopeless)
            edges = first; /* no edge: it never counts for a chain nor becomes territory */
        unsigned char any = 0;
        for (int e = first; e < edges; e++) {
            unsigned char healthy = w->liberties[w->edge_chain[e]] == needed;
            w->edge_healthy[e] = healthy;
            any |= healthy;
        }
        w->edge_start[r] = (pa_index)first;
        w->healthy_any[r] = any;
        regions++;
    }
    w->edge_start[regions] = (pa_index)edges;
    return regions;
}

/* Casting-out: alive[k] for every chain, counting[r] for every region. */
PA_FUNCTION void pa_cast_out(pa_work *w, int chains, int regions) {
    for (int k = 0; k < chains; k++)
        w->alive[k] = 1;
    for (;;) {
        for (int k = 0; k < chains; k++)
            w->healthy[k] = 0;
        for (int r = 0; r < regions; r++) {
            unsigned char counts = 1;
            for (int e = w->edge_start[r]; e < w->edge_start[r + 1]; e++)
                counts &= w->alive[w->edge_chain[e]];
            w->counting[r] = counts;
            if (counts)
                for (int e = w->edge_start[r]; e < w->edge_start[r + 1]; e++)
                    if (w->edge_healthy[e] && w->healthy[w->edge_chain[e]] < 2)
                        w->healthy[w->edge_chain[e]]++;
        }
        int changed = 0;
        for (int k = 0; k < chains; k++) {
            if (w->alive[k] && w->healthy[k] < 2) {
                w->alive[k] = 0;
                changed = 1;
            }
        }
        if (!changed)
            return;
    }
}

/* Problem t of 2n: the black stones of position t for t < n, else the white stones of position t - n.
   own, opponent, alive and territory point at that position's H x W bytes. */
PA_FUNCTION void pa_solve(pa_work *w, const unsigned char *own, const unsigned char *opponent, int all_points,
                          unsigned char *alive, unsigned char *territory) {
    for (int cell = 0; cell < PA_CELLS; cell++) {
        w->colour[cell] = PA_OFF;
        w->component[cell] = PA_NONE;
    }
    for (int y = 0; y < PA_HEIGHT; y++)
        for (int x = 0; x < PA_WIDTH; x++) {
            int point = y * PA_WIDTH + x;
            w->colour[(y + 1) * PA_STRIDE + x] = own[point] ? PA_OWN : opponent[point] ? PA_OPPONENT : PA_EMPTY;
        }
    int chains = pa_chains(w);
    int regions = pa_regions(w, chains, all_points);
    pa_cast_out(w, chains, regions);
    for (int y = 0; y < PA_HEIGHT; y++)
        for (int x = 0; x < PA_WIDTH; x++) {
            int point = y * PA_WIDTH + x, cell = (y + 1) * PA_STRIDE + x, k = w->component[cell];
            int is_own = w->colour[cell] == PA_OWN;
            alive[point] = is_own && w->alive[k];
            territory[point] = !is_own && w->counting[k] && w->healthy_any[k];
        }
}

/* Which problem's bytes: `black`/`white` are [n, H, W], `alive`/`territory` [2n, H, W] (black's n, then white's). */
PA_FUNCTION void pa_problem(long long t, long long n, const unsigned char *black, const unsigned char *white,
                            int all_points, unsigned char *alive, unsigned char *territory, pa_work *w) {
    long long position = t < n ? t : t - n;
    const unsigned char *b = black + position * PA_POINTS, *wh = white + position * PA_POINTS;
    pa_solve(w, t < n ? b : wh, t < n ? wh : b, all_points, alive + t * PA_POINTS, territory + t * PA_POINTS);
}

#if defined(__CUDACC__) || defined(__CUDACC_RTC__) /* nvcc, or NVRTC (CuPy) */
extern "C" __global__ void pa_cast_out_batch(const unsigned char *black, const unsigned char *white, long long n,
                                             int all_points, unsigned char *alive, unsigned char *territory) {
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= 2 * n)
        return;
    pa_work w;
    pa_problem(t, n, black, white, all_points, alive, territory, &w);
}
#else
/* Problems first to last - 1 of the 2n, one after another on the CPU, in one working memory. */
static void pa_problems(pa_work *w, long long first, long long last, long long n, const unsigned char *black,
                        const unsigned char *white, int all_points, unsigned char *alive, unsigned char *territory) {
    for (long long t = first; t < last; t++)
        pa_problem(t, n, black, white, all_points, alive, territory, w);
}

#ifdef PA_H
#include <stdlib.h>
/* The GPU's build run on the CPU: how the tests check the fixed-shape code without a GPU. */
#ifdef __cplusplus
extern "C"
#endif
void pa_cast_out_batch_host(const unsigned char *black, const unsigned char *white, long long n, int all_points,
                            unsigned char *alive, unsigned char *territory) {
    pa_work *w = (pa_work *)malloc(sizeof(pa_work)); /* on the heap: too large for a thread's stack at 52x52 */
    if (w == NULL)
        abort();
    pa_problems(w, 0, 2 * n, n, black, white, all_points, alive, territory);
    free(w);
}
#endif
#endif
