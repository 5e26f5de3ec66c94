/* The solver's search core in C: the best-first and depth-first searches of
 * crescent/solver/best_first.py and depth_first.py, over the same compact position
 * (crescent/solver/position.py), the same move generation (moves.py) and the same
 * dead-position tests (dead.py), step for step: the same children in the same order,
 * the same scores, the same tie-breaks, so a search here enters the same positions in
 * the same order as the pure one and finds the same line.
 *
 * Only the rules where redeals rotate and empty piles are dead (the standard game,
 * Crescent Four, face down); the levels game stays pure (crescent/solver/core.py).
 *
 * Keys: the piles' part is a sum of 64-bit hashes, one per pile (order-free), beside
 * the foundations and the redeals left, exactly. A loss these searches find is a
 * candidate, re-checked by the exact search (crescent/solver/exact.py).
 *
 * Each search object is driven from Python (crescent/solver/core.py): run(n) searches
 * until the n-th node entered and returns, without the interpreter lock held
 * meanwhile; Python then does what the pure search's Meter.tick() does at that node.
 * Memory: small blocks from PyMem_Raw* (thread-safe without the lock), large ones (the
 * tables) in pages of their own, handed back to the system the moment they are freed
 * (from the C heap, where the allocator puts large blocks after a few were freed, they
 * would stay with the process); all freed with the object.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <sys/mman.h>
#endif

#define NP 16
#define PMAX 13
#define FOUNDATION 16
#define REDEAL 17
#define WON 104
#define NO_DEPTH 99
#define W_FOUND 10
#define OPEN_WAYS ((1 << 15) - 1)
#define ALL_SUITS 15
#define MAX_KIDS 128
#define MAX_STEPS 256

enum { PAUSED = 0, FOUND_WIN = 1, EXHAUSTED = 2, AT_CAP = 3, FULL = 4, NO_MEMORY = 5 };

typedef struct {
    uint8_t len[NP];
    uint8_t c[NP][PMAX];
    uint8_t fnd[8];
    uint8_t r;
} Pos;

typedef struct {
    uint64_t ph; /* the piles' hash: a sum of per-pile hashes */
    uint64_t fr; /* the foundations (4 bits a rank) and the redeals left */
} Key;

typedef struct {
    int64_t score;
    Key key;
    Pos pos;
    uint32_t step_off; /* into the generation's step buffer, then the owner's arena */
    uint16_t nsteps;
    uint16_t gen;
} Kid;

static uint8_t UP[52], DOWN[52];

/* ---------------------------------------------------------------- memory */

#define BIG (256 * 1024)

static void *pages(size_t n)
{
#ifdef _WIN32
    return VirtualAlloc(NULL, n, MEM_COMMIT | MEM_RESERVE, PAGE_READWRITE);
#else
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
#endif
}

/* ``n`` zero bytes. */
static void *mem_zeroed(size_t n)
{
    return n >= BIG ? pages(n) : PyMem_RawCalloc(1, n ? n : 1);
}

/* Free ``p`` of ``n`` bytes (as mem_zeroed or mem_resize gave it). */
static void mem_free(void *p, size_t n)
{
    if (!p)
        return;
    if (n < BIG) {
        PyMem_RawFree(p);
        return;
    }
#ifdef _WIN32
    VirtualFree(p, 0, MEM_RELEASE);
#else
    munmap(p, n);
#endif
}

/* ``p`` of ``old`` bytes grown to ``n`` (contents kept); NULL when out of memory. */
static void *mem_resize(void *p, size_t old, size_t n)
{
    if (n < BIG)
        return PyMem_RawRealloc(p, n);
    void *q = pages(n);
    if (!q)
        return NULL;
    if (p)
        memcpy(q, p, old);
    mem_free(p, old);
    return q;
}

/* ---------------------------------------------------------------- keys */

static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

static inline uint64_t pile_hash(const uint8_t *c, int n)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL * (uint64_t)(n + 1);
    for (int i = 0; i < n; i++)
        h = (h ^ c[i]) * 0x100000001B3ULL;
    return mix64(h);
}

static uint64_t piles_hash(const Pos *p)
{
    uint64_t h = 0;
    for (int i = 0; i < NP; i++)
        h += pile_hash(p->c[i], p->len[i]);
    return h;
}

static inline uint64_t fnd_part(const uint8_t *fnd, int r)
{
    uint64_t v = 0;
    for (int k = 0; k < 8; k++)
        v = (v << 4) | fnd[k];
    return (v << 8) | (uint64_t)r;
}

static inline uint64_t fingerprint(Key k)
{
    uint64_t f = mix64(k.ph ^ mix64(k.fr + 0x632BE59BD9B4E019ULL));
    return f ? f : 1;
}

/* ---------------------------------------------------------------- foundations */

static inline int found_count(const uint8_t *fnd)
{
    int total = 0;
    for (int s = 0; s < 4; s++) {
        int a = fnd[2 * s];
        total += a == 0 ? 13 : a + 14 - fnd[2 * s + 1];
    }
    return total;
}

static inline int accepts(const uint8_t *fnd, int c)
{
    int s2 = 2 * (c / 13), a = fnd[s2], x = c % 13 + 1;
    return a == 0 || x == a + 1 || x == fnd[s2 + 1] - 1;
}

static inline int safe_play(const uint8_t *fnd, int c)
{
    int s2 = 2 * (c / 13), a = fnd[s2], d = fnd[s2 + 1], x = c % 13 + 1;
    if (!accepts(fnd, c) || a == 0 || d > a)
        return 0;
    return !((x == 13 && d > 1) || (x == 1 && a < 13));
}

static inline void play_found(uint8_t *fnd, int c)
{
    int s2 = 2 * (c / 13), x = c % 13 + 1, a = fnd[s2], d = fnd[s2 + 1];
    if (a == 0)
        a = d = x;
    else if (x == a + 1)
        a = x;
    else
        d = x;
    if (d == a + 1)
        a = d = 0;
    fnd[s2] = (uint8_t)a;
    fnd[s2 + 1] = (uint8_t)d;
}

static inline int changed_suits(const uint8_t *old, const uint8_t *new_)
{
    int mask = 0;
    for (int s = 0; s < 4; s++)
        if (old[2 * s] != new_[2 * s] || old[2 * s + 1] != new_[2 * s + 1])
            mask |= 1 << s;
    return mask;
}

static int needs(const uint8_t *fnd, uint8_t *need)
{
    int n = 0;
    for (int s = 0; s < 4; s++) {
        int a = fnd[2 * s], d = fnd[2 * s + 1];
        if (a == 0)
            continue;
        if (a < 13)
            need[n++] = (uint8_t)(13 * s + a);
        if (d > 1)
            need[n++] = (uint8_t)(13 * s + d - 2);
    }
    return n;
}

static int depth_penalty(const Pos *p, const uint8_t *need, int nneed)
{
    if (!nneed)
        return 0;
    uint8_t best[52];
    memset(best, NO_DEPTH, sizeof best);
    for (int i = 0; i < NP; i++) {
        int n = p->len[i];
        for (int h = 0; h < n; h++) {
            int card = p->c[i][h], d = n - 1 - h;
            if (d < best[card])
                best[card] = (uint8_t)d;
        }
    }
    int total = 0;
    for (int k = 0; k < nneed; k++)
        total += best[need[k]];
    return total;
}

/* ---------------------------------------------------------------- dead.py */

static inline int trapped(const int *counts, int ace, int q, int a, int d)
{
    int remaining = 2;
    if (q <= a)
        remaining--;
    if (q >= d)
        remaining--;
    return counts[ace + q - 1] >= remaining;
}

static int some_trapped(const int *counts, int ace, int a, int d, int lo, int hi, int skip)
{
    for (int q = lo; q <= hi; q++)
        if (q != skip && trapped(counts, ace, q, a, d))
            return 1;
    return 0;
}

static int stuck(int xc, const int *counts, int ace, const uint8_t *fnd)
{
    int s2 = 2 * (xc / 13), a = fnd[s2];
    if (a == 0)
        return 0;
    int d = fnd[s2 + 1], x = xc % 13 + 1;
    int up = x != 13 ? x + 1 : 1, down = x != 1 ? x - 1 : 13;
    if (!(trapped(counts, ace, up, a, d) && trapped(counts, ace, down, a, d)))
        return 0;
    if (d <= a) {
        if (x > a)
            return some_trapped(counts, ace, a, d, a + 1, x - 1, 0);
        return some_trapped(counts, ace, a, d, x + 1, d - 1, 0);
    }
    if (!some_trapped(counts, ace, a, d, a + 1, d - 1, x))
        return 0;
    int up_open = a < x && x < d && !some_trapped(counts, ace, a, d, a + 1, x - 1, 0);
    int down_open = a < x && x < d && !some_trapped(counts, ace, a, d, x + 1, d - 1, 0);
    return !(up_open || down_open);
}

static int dead(const Pos *p, int suits)
{
    const uint8_t *fnd = p->fnd;
    int r = p->r, live = 0;
    for (int s = 0; s < 4; s++)
        if ((suits >> s & 1) && fnd[2 * s])
            live |= 1 << s;
    if (!live)
        return 0;
    int counts[52] = {0};
    for (int i = 0; i < NP; i++) {
        int n = p->len[i];
        if (n <= r + 1)
            continue;
        for (int h = r; h < n; h++) {
            int c = p->c[i][h];
            if (!(live >> (c / 13) & 1))
                continue;
            if (h > r && stuck(c, counts, c - c % 13, fnd))
                return 1;
            counts[c]++;
        }
        for (int h = r; h < n; h++)
            counts[p->c[i][h]] = 0;
    }
    return 0;
}

static int buried(const uint8_t *pile, int n, const uint8_t *fnd, int r)
{
    int h = n - 1;
    if (h <= r)
        return 0;
    int xc = pile[h];
    if (!fnd[2 * (xc / 13)])
        return 0;
    int lo = xc - xc % 13, counts[13] = {0};
    for (int k = r; k < h; k++) {
        int c = pile[k] - lo;
        if (c >= 0 && c < 13)
            counts[c]++;
    }
    return stuck(xc, counts, 0, fnd);
}

static void ways_of(const uint8_t *fnd, const uint8_t *avail, int *ways)
{
    for (int s = 0; s < 4; s++) {
        ways[s] = OPEN_WAYS;
        int a = fnd[2 * s];
        if (a == 0)
            continue;
        int d = fnd[2 * s + 1], b = 13 * s - 1, k = a, m = d;
        if (d <= a) {
            while (k < 13 && avail[b + k + 1])
                k++;
            while (m > 1 && avail[b + m - 1])
                m--;
        } else {
            while (k + 1 < d && avail[b + k + 1])
                k++;
            while (m - 1 > k && avail[b + m - 1])
                m--;
            if (k + 1 >= m)
                continue;
        }
        ways[s] = (((1 << (k + 2)) - (1 << (a + 1))) | ((1 << d) - (1 << (m - 1))));
    }
}

static int leave_pass(const Pos *p, int *cut, uint8_t *avail, const int *ways)
{
    int r = p->r, fresh = 0;
    for (int i = 0; i < NP; i++) {
        int n = cut[i];
        while (n > r) {
            int x = p->c[i][n - 1];
            if (!(avail[UP[x]] || avail[DOWN[x]] || (ways[x / 13] >> (x % 13 + 1) & 1)))
                break;
            n--;
            if (n > r && !avail[p->c[i][n - 1]]) {
                avail[p->c[i][n - 1]] = 1;
                fresh = 1;
            }
        }
        cut[i] = n;
    }
    return fresh;
}

static int blocked(const Pos *p)
{
    uint8_t avail[52] = {0};
    int cut[NP], ways[4], r = p->r;
    for (int i = 0; i < NP; i++) {
        int n = p->len[i];
        for (int h = 0; h < n && h < r; h++)
            avail[p->c[i][h]] = 1;
        if (n > r)
            avail[p->c[i][n - 1]] = 1;
        cut[i] = n;
    }
    for (;;) {
        ways_of(p->fnd, avail, ways);
        if (!leave_pass(p, cut, avail, ways))
            break;
    }
    for (int i = 0; i < NP; i++)
        if (cut[i] > r)
            return 1;
    for (int s = 0; s < 4; s++) {
        if (ways[s] == OPEN_WAYS)
            continue;
        for (int c = 13 * s; c < 13 * s + 13; c++)
            if (avail[c] && !(ways[s] >> (c % 13 + 1) & 1))
                return 1;
    }
    return 0;
}

static inline int is_dead(const Pos *p, int suits)
{
    return dead(p, suits) || blocked(p);
}

/* ---------------------------------------------------------------- the byte table */

typedef struct {
    uint64_t *slots;
    uint64_t mask, limit, size, max_slots;
} FpTable;

static int fp_init(FpTable *t, int64_t max_bytes)
{
    int64_t want = max_bytes / 8 > 16 ? max_bytes / 8 : 16;
    int bits = 0;
    while ((want >> bits) > 1)
        bits++;
    if (bits < 4)
        bits = 4;
    t->max_slots = (uint64_t)1 << bits;
    uint64_t n = t->max_slots < 4096 ? t->max_slots : 4096;
    t->slots = mem_zeroed(n * sizeof(uint64_t));
    if (!t->slots)
        return -1;
    t->mask = n - 1;
    t->limit = n * 3 / 4;
    t->size = 0;
    return 0;
}

static void fp_free(FpTable *t)
{
    if (t->slots)
        mem_free(t->slots, (t->mask + 1) * sizeof(uint64_t));
    memset(t, 0, sizeof *t);
}

static int fp_has(const FpTable *t, uint64_t f)
{
    uint64_t i = (f >> 16) & t->mask;
    for (;;) {
        uint64_t v = t->slots[i];
        if (v == f)
            return 1;
        if (!v)
            return 0;
        i = (i + 1) & t->mask;
    }
}

static int fp_grow(FpTable *t)
{
    uint64_t n = t->mask + 1;
    if (n >= t->max_slots)
        return 0;
    uint64_t *slots = mem_zeroed(2 * n * sizeof(uint64_t));
    if (!slots)
        return 0;
    uint64_t mask = 2 * n - 1;
    for (uint64_t k = 0; k < n; k++) {
        uint64_t f = t->slots[k];
        if (!f)
            continue;
        uint64_t i = (f >> 16) & mask;
        while (slots[i])
            i = (i + 1) & mask;
        slots[i] = f;
    }
    mem_free(t->slots, n * sizeof(uint64_t));
    t->slots = slots;
    t->mask = mask;
    t->limit = 2 * n * 3 / 4;
    return 1;
}

/* 1: new, 0: there already, -1: full (nothing changed). */
static int fp_put(FpTable *t, uint64_t f)
{
    if (t->size >= t->limit && !fp_grow(t))
        return fp_has(t, f) ? 0 : -1;
    uint64_t i = (f >> 16) & t->mask;
    for (;;) {
        uint64_t v = t->slots[i];
        if (!v)
            break;
        if (v == f)
            return 0;
        i = (i + 1) & t->mask;
    }
    t->slots[i] = f;
    t->size++;
    return 1;
}

/* ---------------------------------------------------------------- moves.py */

typedef int (*SeenFn)(void *ctx, Key key);

typedef struct {
    Kid *kids;
    int n;
    uint8_t steps[2 * MAX_KIDS * MAX_STEPS];
    int nsteps;
    int w_depth;
    int autoplay;
    SeenFn seen;
    void *ctx;
} Gen;

static inline void push_step(Gen *g, int src, int dst)
{
    g->steps[2 * g->nsteps] = (uint8_t)src;
    g->steps[2 * g->nsteps + 1] = (uint8_t)dst;
    g->nsteps++;
}

/* Every safe foundation move (crossed suits), its steps pushed (moves.Moves.autoplay). */
static void autoplay(Gen *g, Pos *p)
{
    int again = 1;
    while (again) {
        again = 0;
        for (int i = 0; i < NP; i++) {
            int played = 0;
            while (p->len[i] && safe_play(p->fnd, p->c[i][p->len[i] - 1])) {
                play_found(p->fnd, p->c[i][p->len[i] - 1]);
                p->len[i]--;
                push_step(g, i, FOUNDATION);
                played = 1;
            }
            if (played)
                again = 1;
        }
    }
}

static int finish_kid(Gen *g, Kid *kid, int step0)
{
    uint8_t need[8];
    kid->key.fr = fnd_part(kid->pos.fnd, kid->pos.r);
    if (g->seen(g->ctx, kid->key))
        return 0;
    int nneed = needs(kid->pos.fnd, need);
    kid->score = W_FOUND * found_count(kid->pos.fnd)
                 - (int64_t)g->w_depth * depth_penalty(&kid->pos, need, nneed);
    kid->step_off = (uint32_t)step0;
    kid->nsteps = (uint16_t)(g->nsteps - step0);
    kid->gen = (uint16_t)g->n;
    return 1;
}

static void to_foundation(Gen *g, const Pos *p, int i)
{
    Kid *kid = &g->kids[g->n];
    int step0 = g->nsteps;
    kid->pos = *p;
    play_found(kid->pos.fnd, p->c[i][p->len[i] - 1]);
    kid->pos.len[i]--;
    push_step(g, i, FOUNDATION);
    if (g->autoplay)
        autoplay(g, &kid->pos);
    kid->key.ph = piles_hash(&kid->pos);
    if (finish_kid(g, kid, step0))
        g->n++;
    else
        g->nsteps = step0;
}

static void redeal(Gen *g, const Pos *p)
{
    Kid *kid = &g->kids[g->n];
    int step0 = g->nsteps;
    kid->pos = *p;
    Pos *q = &kid->pos;
    for (int i = 0; i < NP; i++) {
        int n = q->len[i];
        if (n >= 2) {
            uint8_t first = q->c[i][0];
            memmove(q->c[i], q->c[i] + 1, (size_t)(n - 1));
            q->c[i][n - 1] = first;
        }
    }
    q->r--;
    push_step(g, 0, REDEAL);
    if (g->autoplay)
        autoplay(g, q);
    kid->key.ph = piles_hash(q);
    if (finish_kid(g, kid, step0))
        g->n++;
    else
        g->nsteps = step0;
}

static void onto(Gen *g, const Pos *p, uint64_t ph, int i, int j, const uint8_t *need, int nneed,
                 int64_t base)
{
    int ni = p->len[i], nj = p->len[j], top = p->c[i][ni - 1];
    uint8_t new_j[PMAX];
    memcpy(new_j, p->c[j], (size_t)nj);
    new_j[nj] = (uint8_t)top;
    Key key;
    key.ph = ph - pile_hash(p->c[i], ni) + pile_hash(p->c[i], ni - 1) - pile_hash(p->c[j], nj)
             + pile_hash(new_j, nj + 1);
    key.fr = fnd_part(p->fnd, p->r);
    if (g->seen(g->ctx, key))
        return;
    if (buried(new_j, nj + 1, p->fnd, p->r))
        return;
    Kid *kid = &g->kids[g->n];
    kid->pos = *p;
    kid->pos.len[i]--;
    kid->pos.c[j][nj] = (uint8_t)top;
    kid->pos.len[j]++;
    kid->key = key;
    kid->score = base - (int64_t)g->w_depth * depth_penalty(&kid->pos, need, nneed);
    kid->step_off = (uint32_t)g->nsteps;
    kid->nsteps = 1;
    kid->gen = (uint16_t)g->n;
    push_step(g, i, j);
    g->n++;
}

/* Every position one move (plus safe plays) away and not seen (moves.Moves.children). */
static void children(Gen *g, const Pos *p, uint64_t ph)
{
    int8_t by_top[52][NP];
    uint8_t nby[52] = {0}, need[8];
    int r = p->r;
    g->n = 0;
    g->nsteps = 0;
    for (int i = 0; i < NP; i++) {
        int n = p->len[i];
        if (n && n < PMAX) {
            int c = p->c[i][n - 1];
            by_top[c][nby[c]++] = (int8_t)i;
        }
    }
    int nneed = needs(p->fnd, need);
    int64_t base = W_FOUND * found_count(p->fnd);
    for (int i = 0; i < NP; i++) {
        int n = p->len[i];
        if (!n)
            continue;
        int c = p->c[i][n - 1];
        if (accepts(p->fnd, c))
            to_foundation(g, p, i);
        if (r == 0 && n == 1)
            continue;
        for (int k = 0; k < nby[UP[c]]; k++)
            if (by_top[UP[c]][k] != i)
                onto(g, p, ph, i, by_top[UP[c]][k], need, nneed, base);
        for (int k = 0; k < nby[DOWN[c]]; k++)
            if (by_top[DOWN[c]][k] != i)
                onto(g, p, ph, i, by_top[DOWN[c]][k], need, nneed, base);
    }
    if (r > 0)
        redeal(g, p);
}

/* ---------------------------------------------------------------- growing arrays */

static int grow(void **items, int64_t *cap, int64_t want, size_t size)
{
    if (want <= *cap)
        return 0;
    int64_t n = *cap ? *cap : 1024;
    while (n < want)
        n *= 2;
    void *more = mem_resize(*items, (size_t)*cap * size, (size_t)n * size);
    if (!more)
        return -1;
    *items = more;
    *cap = n;
    return 0;
}

static int pos_of(PyObject *piles, PyObject *fnd, int r, Pos *p)
{
    memset(p, 0, sizeof *p);
    if (!PyTuple_Check(piles) || PyTuple_GET_SIZE(piles) != NP || !PyBytes_Check(fnd)
        || PyBytes_GET_SIZE(fnd) != 8 || r < 0 || r > 99) {
        PyErr_SetString(PyExc_ValueError, "the core takes 16 piles of bytes, 8 foundation bytes");
        return -1;
    }
    uint8_t copies[52] = {0};
    for (int i = 0; i < NP; i++) {
        PyObject *pile = PyTuple_GET_ITEM(piles, i);
        if (!PyBytes_Check(pile) || PyBytes_GET_SIZE(pile) > PMAX) {
            PyErr_SetString(PyExc_ValueError, "a pile of more than 13 cards");
            return -1;
        }
        const uint8_t *c = (const uint8_t *)PyBytes_AS_STRING(pile);
        for (Py_ssize_t h = 0; h < PyBytes_GET_SIZE(pile); h++) {
            if (c[h] >= 52 || ++copies[c[h]] > 2) {
                PyErr_SetString(PyExc_ValueError, "a card out of range, or a third copy");
                return -1;
            }
            p->c[i][h] = c[h];
        }
        p->len[i] = (uint8_t)PyBytes_GET_SIZE(pile);
    }
    memcpy(p->fnd, PyBytes_AS_STRING(fnd), 8);
    p->r = (uint8_t)r;
    return 0;
}

static PyObject *steps_list(const uint8_t *steps, int64_t n)
{
    PyObject *out = PyList_New((Py_ssize_t)n);
    if (!out)
        return NULL;
    for (int64_t k = 0; k < n; k++) {
        PyObject *step = Py_BuildValue("(ii)", steps[2 * k], steps[2 * k + 1]);
        if (!step) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)k, step);
    }
    return out;
}

/* ---------------------------------------------------------------- Table (lost0) */

typedef struct {
    PyObject_HEAD
    FpTable t;
} TableObject;

static int Table_init(TableObject *self, PyObject *args, PyObject *kw)
{
    long long max_bytes;
    static char *names[] = {"max_bytes", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "L", names, &max_bytes))
        return -1;
    fp_free(&self->t);
    if (fp_init(&self->t, max_bytes) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Table_dealloc(TableObject *self)
{
    fp_free(&self->t);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t Table_len(TableObject *self)
{
    return (Py_ssize_t)self->t.size;
}

static PyObject *Table_nbytes(TableObject *self, PyObject *Py_UNUSED(unused))
{
    return PyLong_FromUnsignedLongLong((self->t.mask + 1) * 8);
}

static PyMethodDef Table_methods[] = {
    {"nbytes", (PyCFunction)Table_nbytes, METH_NOARGS, "The bytes its slots take."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Table_seq = {.sq_length = (lenfunc)Table_len};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "crescent.solver._core.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Fingerprints of positions proven lost with no redeal left (a solve's).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Table_init,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_as_sequence = &Table_seq,
    .tp_methods = Table_methods,
};

/* ---------------------------------------------------------------- best_first.py */

typedef struct {
    Key key;
    uint32_t parent;
    uint32_t step_off; /* into the arena */
    uint32_t nsteps;
} Rec;

typedef struct {
    int64_t prio;
    int64_t seq;
    uint32_t slot;
} HeapItem;

typedef struct {
    Pos pos;
    uint64_t ph;
    uint32_t rec;
    uint8_t check; /* the suits the dead-position test looks at, a mask */
} Node;

typedef struct {
    PyObject_HEAD
    Gen *gen;
    Rec *recs;
    int64_t nrecs, caprecs;
    uint32_t *index; /* open addressing over recs: rec + 1, 0 empty */
    uint64_t imask;
    uint8_t *arena;
    int64_t narena, caparena;
    HeapItem *heap;
    int64_t nheap, capheap;
    Node *nodes;
    int64_t nnodes, capnodes;
    uint32_t *free_slots;
    int64_t nfree, capfree;
    int64_t seq, max_states, pending, won;
    int seq_step, w_redeal;
} BestFirstObject;

static int64_t bf_find(BestFirstObject *b, Key key)
{
    uint64_t i = fingerprint(key) & b->imask;
    for (;;) {
        uint32_t v = b->index[i];
        if (!v)
            return -1;
        Rec *rec = &b->recs[v - 1];
        if (rec->key.ph == key.ph && rec->key.fr == key.fr)
            return v - 1;
        i = (i + 1) & b->imask;
    }
}

static int bf_seen(void *ctx, Key key)
{
    return bf_find((BestFirstObject *)ctx, key) >= 0;
}

static int bf_reindex(BestFirstObject *b, uint64_t slots)
{
    uint32_t *index = mem_zeroed(slots * sizeof(uint32_t));
    if (!index)
        return -1;
    if (b->index)
        mem_free(b->index, (b->imask + 1) * sizeof(uint32_t));
    b->index = index;
    b->imask = slots - 1;
    for (int64_t k = 0; k < b->nrecs; k++) {
        uint64_t i = fingerprint(b->recs[k].key) & b->imask;
        while (index[i])
            i = (i + 1) & b->imask;
        index[i] = (uint32_t)(k + 1);
    }
    return 0;
}

/* A new record (its key not there), its steps copied to the arena; -1 out of memory. */
static int64_t bf_add(BestFirstObject *b, Key key, uint32_t parent, const uint8_t *steps, int n)
{
    if (grow((void **)&b->recs, &b->caprecs, b->nrecs + 1, sizeof(Rec)) < 0
        || grow((void **)&b->arena, &b->caparena, b->narena + 2 * n, 1) < 0)
        return -1;
    if ((uint64_t)(b->nrecs + 1) * 2 > b->imask + 1 && bf_reindex(b, 2 * (b->imask + 1)) < 0)
        return -1;
    Rec *rec = &b->recs[b->nrecs];
    rec->key = key;
    rec->parent = parent;
    rec->step_off = (uint32_t)(b->narena / 2);
    rec->nsteps = (uint32_t)n;
    memcpy(b->arena + b->narena, steps, (size_t)(2 * n));
    b->narena += 2 * n;
    uint64_t i = fingerprint(key) & b->imask;
    while (b->index[i])
        i = (i + 1) & b->imask;
    b->index[i] = (uint32_t)(b->nrecs + 1);
    return b->nrecs++;
}

static inline int heap_less(const HeapItem *x, const HeapItem *y)
{
    return x->prio < y->prio || (x->prio == y->prio && x->seq < y->seq);
}

static int bf_push(BestFirstObject *b, const Pos *pos, uint64_t ph, uint32_t rec, int check,
                   int64_t prio)
{
    uint32_t slot;
    if (b->nfree) {
        slot = b->free_slots[--b->nfree];
    } else {
        if (grow((void **)&b->nodes, &b->capnodes, b->nnodes + 1, sizeof(Node)) < 0)
            return -1;
        slot = (uint32_t)b->nnodes++;
    }
    if (grow((void **)&b->heap, &b->capheap, b->nheap + 1, sizeof(HeapItem)) < 0)
        return -1;
    Node *node = &b->nodes[slot];
    node->pos = *pos;
    node->ph = ph;
    node->rec = rec;
    node->check = (uint8_t)check;
    HeapItem item = {prio, b->seq, slot};
    int64_t k = b->nheap++;
    while (k > 0) {
        int64_t up = (k - 1) / 2;
        if (!heap_less(&item, &b->heap[up]))
            break;
        b->heap[k] = b->heap[up];
        k = up;
    }
    b->heap[k] = item;
    return 0;
}

static uint32_t bf_pop(BestFirstObject *b)
{
    uint32_t slot = b->heap[0].slot;
    HeapItem last = b->heap[--b->nheap];
    int64_t k = 0, n = b->nheap;
    for (;;) {
        int64_t child = 2 * k + 1;
        if (child >= n)
            break;
        if (child + 1 < n && heap_less(&b->heap[child + 1], &b->heap[child]))
            child++;
        if (!heap_less(&b->heap[child], &last))
            break;
        b->heap[k] = b->heap[child];
        k = child;
    }
    if (n)
        b->heap[k] = last;
    return slot;
}

static int bf_free_slot(BestFirstObject *b, uint32_t slot)
{
    if (grow((void **)&b->free_slots, &b->capfree, b->nfree + 1, sizeof(uint32_t)) < 0)
        return -1;
    b->free_slots[b->nfree++] = slot;
    return 0;
}

/* The children of the position in ``slot`` (taken from the heap): kept and pushed. */
static int bf_expand(BestFirstObject *b, uint32_t slot)
{
    Node cur = b->nodes[slot];
    if (bf_free_slot(b, slot) < 0)
        return NO_MEMORY;
    if (cur.check && is_dead(&cur.pos, cur.check))
        return PAUSED;
    Gen *g = b->gen;
    children(g, &cur.pos, cur.ph);
    for (int k = 0; k < g->n; k++) {
        Kid *kid = &g->kids[k];
        if (bf_find(b, kid->key) >= 0)
            continue;
        int64_t rec = bf_add(b, kid->key, cur.rec, g->steps + 2 * kid->step_off, kid->nsteps);
        if (rec < 0)
            return NO_MEMORY;
        int check = 0;
        if (memcmp(kid->pos.fnd, cur.pos.fnd, 8)) {
            if (found_count(kid->pos.fnd) == WON) {
                b->won = rec;
                return FOUND_WIN;
            }
            check = changed_suits(cur.pos.fnd, kid->pos.fnd);
        }
        if (kid->pos.r != cur.pos.r)
            check = ALL_SUITS;
        b->seq += b->seq_step;
        int64_t prio = -kid->score - (int64_t)b->w_redeal * kid->pos.r;
        if (bf_push(b, &kid->pos, kid->key.ph, (uint32_t)rec, check, prio) < 0)
            return NO_MEMORY;
    }
    return b->nrecs > b->max_states ? AT_CAP : PAUSED;
}

static int bf_run(BestFirstObject *b, int64_t n, int64_t *ticks)
{
    *ticks = 0;
    for (;;) {
        uint32_t slot;
        if (b->pending >= 0) {
            slot = (uint32_t)b->pending;
            b->pending = -1;
        } else {
            if (!b->nheap)
                return EXHAUSTED;
            slot = bf_pop(b);
            if (++*ticks == n) {
                b->pending = slot;
                return PAUSED;
            }
        }
        int status = bf_expand(b, slot);
        if (status != PAUSED)
            return status;
    }
}

static void bf_clear(BestFirstObject *b)
{
    PyMem_RawFree(b->gen);
    mem_free(b->recs, (size_t)b->caprecs * sizeof(Rec));
    if (b->index)
        mem_free(b->index, (b->imask + 1) * sizeof(uint32_t));
    mem_free(b->arena, (size_t)b->caparena);
    mem_free(b->heap, (size_t)b->capheap * sizeof(HeapItem));
    mem_free(b->nodes, (size_t)b->capnodes * sizeof(Node));
    mem_free(b->free_slots, (size_t)b->capfree * sizeof(uint32_t));
    b->gen = NULL;
    b->recs = NULL;
    b->index = NULL;
    b->arena = NULL;
    b->heap = NULL;
    b->nodes = NULL;
    b->free_slots = NULL;
    b->nrecs = b->caprecs = b->narena = b->caparena = b->nheap = b->capheap = 0;
    b->nnodes = b->capnodes = b->nfree = b->capfree = 0;
}

static int BestFirst_init(BestFirstObject *self, PyObject *args, PyObject *kw)
{
    static char *names[] = {"piles", "fnd", "r", "w_depth", "w_redeal", "newest_first",
                            "max_states", "autoplay", NULL};
    PyObject *piles, *fnd;
    int r, w_depth, w_redeal, newest_first, autoplay_;
    long long max_states;
    Pos root;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOiiipLp", names, &piles, &fnd, &r, &w_depth,
                                     &w_redeal, &newest_first, &max_states, &autoplay_)
        || pos_of(piles, fnd, r, &root) < 0)
        return -1;
    bf_clear(self);
    self->gen = PyMem_RawCalloc(1, sizeof(Gen));
    Kid *kids = PyMem_RawCalloc(MAX_KIDS, sizeof(Kid));
    if (!self->gen || !kids || bf_reindex(self, 1024) < 0) {
        PyMem_RawFree(kids);
        PyErr_NoMemory();
        return -1;
    }
    self->gen->kids = kids;
    self->gen->w_depth = w_depth;
    self->gen->autoplay = autoplay_;
    self->gen->seen = bf_seen;
    self->gen->ctx = self;
    self->w_redeal = w_redeal;
    self->seq_step = newest_first ? -1 : 1;
    self->seq = 0;
    self->max_states = max_states;
    self->pending = -1;
    self->won = -1;
    Key key = {piles_hash(&root), fnd_part(root.fnd, root.r)};
    if (bf_add(self, key, 0, NULL, 0) < 0 || bf_push(self, &root, key.ph, 0, 0, 0) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void BestFirst_dealloc(BestFirstObject *self)
{
    /* Tens of MB handed back take milliseconds: not with the game's lock held. */
    Py_BEGIN_ALLOW_THREADS
    if (self->gen)
        PyMem_RawFree(self->gen->kids);
    bf_clear(self);
    Py_END_ALLOW_THREADS
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *BestFirst_run(BestFirstObject *self, PyObject *arg)
{
    long long n = PyLong_AsLongLong(arg);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    if (!self->gen) {
        PyErr_SetString(PyExc_RuntimeError, "the search was not set up");
        return NULL;
    }
    int64_t ticks = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = bf_run(self, n, &ticks);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(iL)", status, (long long)ticks);
}

static PyObject *BestFirst_line(BestFirstObject *self, PyObject *Py_UNUSED(unused))
{
    if (self->won < 0)
        return PyList_New(0);
    int64_t total = 0;
    for (int64_t k = self->won; k != 0; k = self->recs[k].parent)
        total += self->recs[k].nsteps;
    uint8_t *steps = PyMem_RawMalloc((size_t)(2 * total + 2));
    if (!steps)
        return PyErr_NoMemory();
    int64_t end = total;
    for (int64_t k = self->won; k != 0; k = self->recs[k].parent) {
        Rec *rec = &self->recs[k];
        end -= rec->nsteps;
        memcpy(steps + 2 * end, self->arena + 2 * (int64_t)rec->step_off, 2 * (size_t)rec->nsteps);
    }
    PyObject *out = steps_list(steps, total);
    PyMem_RawFree(steps);
    return out;
}

static PyObject *BestFirst_nbytes(BestFirstObject *self, PyObject *Py_UNUSED(unused))
{
    int64_t n = self->caprecs * (int64_t)sizeof(Rec) + (int64_t)(self->imask + 1) * 4
                + self->caparena + self->capheap * (int64_t)sizeof(HeapItem)
                + self->capnodes * (int64_t)sizeof(Node) + self->capfree * 4;
    return PyLong_FromLongLong(n);
}

static Py_ssize_t BestFirst_len(BestFirstObject *self)
{
    return (Py_ssize_t)self->nrecs;
}

static PyMethodDef BestFirst_methods[] = {
    {"run", (PyCFunction)BestFirst_run, METH_O,
     "run(n) -> (status, nodes): search to the n-th node taken from the heap."},
    {"line", (PyCFunction)BestFirst_line, METH_NOARGS, "The steps from the root to the win."},
    {"nbytes", (PyCFunction)BestFirst_nbytes, METH_NOARGS, "The bytes its tables take."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods BestFirst_seq = {.sq_length = (lenfunc)BestFirst_len};

static PyTypeObject BestFirstType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "crescent.solver._core.BestFirst",
    .tp_basicsize = sizeof(BestFirstObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One best-first search (crescent/solver/best_first.py), its positions kept.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)BestFirst_init,
    .tp_dealloc = (destructor)BestFirst_dealloc,
    .tp_as_sequence = &BestFirst_seq,
    .tp_methods = BestFirst_methods,
};

/* ---------------------------------------------------------------- depth_first.py */

typedef struct {
    int64_t lo, hi, cursor; /* its children, best first, in kids[lo:hi] */
    int64_t step_mark;      /* the arena's length before their steps */
    int64_t enter_off;      /* the steps that entered it, in the arena (-1: the root) */
    int64_t enter_n;
    int64_t layer_mark; /* where its redeal layer starts in the log, or -1 */
    uint8_t fnd[8];
    uint8_t r;
} Frame;

typedef struct {
    PyObject_HEAD
    Gen *gen;
    FpTable seen;
    TableObject *lost0;
    Kid *kids;
    int64_t nkids, capkids;
    uint8_t *arena;
    int64_t narena, caparena;
    Frame *frames;
    int64_t nframes, capframes;
    uint64_t *log;
    int64_t nlog, caplog;
    uint8_t *win;
    int64_t nwin;
    int64_t pending;
    int w_redeal, thorough;
} DepthFirstObject;

static int df_seen(void *ctx, Key key)
{
    return fp_has(&((DepthFirstObject *)ctx)->seen, fingerprint(key));
}

static int kid_order(const void *x, const void *y, int w_redeal)
{
    const Kid *a = x, *b = y;
    int64_t ka = a->score + (int64_t)w_redeal * a->pos.r;
    int64_t kb = b->score + (int64_t)w_redeal * b->pos.r;
    if (ka != kb)
        return ka > kb ? -1 : 1;
    return a->gen < b->gen ? -1 : a->gen > b->gen;
}

/* A frame for ``pos``: its children not seen, best first (redeals last of all). */
static int df_push(DepthFirstObject *d, const Pos *pos, uint64_t ph, int64_t enter_off,
                   int64_t enter_n, int64_t layer_mark)
{
    Gen *g = d->gen;
    children(g, pos, ph);
    if (grow((void **)&d->kids, &d->capkids, d->nkids + g->n, sizeof(Kid)) < 0
        || grow((void **)&d->arena, &d->caparena, d->narena + 2 * g->nsteps, 1) < 0
        || grow((void **)&d->frames, &d->capframes, d->nframes + 1, sizeof(Frame)) < 0)
        return -1;
    Frame *f = &d->frames[d->nframes++];
    f->lo = f->cursor = d->nkids;
    f->hi = d->nkids + g->n;
    f->step_mark = d->narena;
    f->enter_off = enter_off;
    f->enter_n = enter_n;
    f->layer_mark = layer_mark;
    memcpy(f->fnd, pos->fnd, 8);
    f->r = pos->r;
    for (int k = 0; k < g->n; k++) { /* insertion sort: a few dozen children */
        Kid *kid = &g->kids[k];
        int64_t at = d->nkids;
        while (at > f->lo && kid_order(kid, &d->kids[at - 1], d->w_redeal) < 0) {
            d->kids[at] = d->kids[at - 1];
            at--;
        }
        d->kids[at] = *kid;
        d->kids[at].step_off = (uint32_t)(d->narena / 2 + kid->step_off);
        d->nkids++;
    }
    memcpy(d->arena + d->narena, g->steps, 2 * (size_t)g->nsteps);
    d->narena += 2 * g->nsteps;
    return 0;
}

static void df_pop(DepthFirstObject *d)
{
    Frame *f = &d->frames[--d->nframes];
    d->nkids = f->lo;
    d->narena = f->step_mark;
    if (f->layer_mark >= 0 && d->lost0) { /* its redeal layer had no win: all lost */
        for (int64_t k = f->layer_mark; k < d->nlog; k++)
            if (fp_put(&d->lost0->t, d->log[k]) < 0)
                break; /* full: fewer shortcuts, nothing unsound */
        d->nlog = f->layer_mark;
    }
}

static int df_won(DepthFirstObject *d, const Kid *kid)
{
    int64_t total = kid->nsteps;
    for (int64_t k = 1; k < d->nframes; k++)
        total += d->frames[k].enter_n;
    d->win = PyMem_RawMalloc((size_t)(2 * total + 2));
    if (!d->win)
        return NO_MEMORY;
    int64_t at = 0;
    for (int64_t k = 1; k < d->nframes; k++) {
        Frame *f = &d->frames[k];
        memcpy(d->win + 2 * at, d->arena + 2 * f->enter_off, 2 * (size_t)f->enter_n);
        at += f->enter_n;
    }
    memcpy(d->win + 2 * at, d->arena + 2 * (int64_t)kid->step_off, 2 * (size_t)kid->nsteps);
    d->nwin = total;
    return FOUND_WIN;
}

static int df_pruned(const DepthFirstObject *d, const Pos *p, const Frame *parent)
{
    if (p->r != parent->r)
        return is_dead(p, ALL_SUITS);
    if (memcmp(p->fnd, parent->fnd, 8))
        return is_dead(p, changed_suits(parent->fnd, p->fnd));
    return d->thorough && blocked(p);
}

/* The position ``kid`` entered (counted): won, skipped, or its frame pushed. */
static int df_enter(DepthFirstObject *d, const Kid *kid)
{
    Frame *top = &d->frames[d->nframes - 1];
    if (found_count(kid->pos.fnd) == WON)
        return df_won(d, kid);
    uint64_t f = fingerprint(kid->key);
    if (kid->pos.r == 0 && d->lost0 && d->lost0->t.size && fp_has(&d->lost0->t, f))
        return PAUSED;
    if (df_pruned(d, &kid->pos, top))
        return PAUSED;
    int64_t mark = -1;
    if (kid->pos.r == 0 && d->lost0) {
        if (top->r > 0)
            mark = d->nlog;
        if (grow((void **)&d->log, &d->caplog, d->nlog + 1, sizeof(uint64_t)) < 0)
            return NO_MEMORY;
        d->log[d->nlog++] = f;
    }
    if (df_push(d, &kid->pos, kid->key.ph, kid->step_off, kid->nsteps, mark) < 0)
        return NO_MEMORY;
    return PAUSED;
}

static int df_run(DepthFirstObject *d, int64_t n, int64_t *ticks)
{
    *ticks = 0;
    for (;;) {
        int64_t k;
        if (d->pending >= 0) {
            k = d->pending;
            d->pending = -1;
        } else {
            if (!d->nframes)
                return EXHAUSTED;
            Frame *top = &d->frames[d->nframes - 1];
            if (top->cursor == top->hi) {
                df_pop(d);
                continue;
            }
            k = top->cursor++;
            int added = fp_put(&d->seen, fingerprint(d->kids[k].key));
            if (added == 0)
                continue;
            if (added < 0)
                return FULL;
            if (++*ticks == n) {
                d->pending = k;
                return PAUSED;
            }
        }
        Kid kid = d->kids[k];
        int status = df_enter(d, &kid);
        if (status != PAUSED)
            return status;
    }
}

static void df_clear(DepthFirstObject *d)
{
    if (d->gen)
        PyMem_RawFree(d->gen->kids);
    PyMem_RawFree(d->gen);
    fp_free(&d->seen);
    mem_free(d->kids, (size_t)d->capkids * sizeof(Kid));
    mem_free(d->arena, (size_t)d->caparena);
    mem_free(d->frames, (size_t)d->capframes * sizeof(Frame));
    mem_free(d->log, (size_t)d->caplog * sizeof(uint64_t));
    PyMem_RawFree(d->win);
    Py_CLEAR(d->lost0);
    d->gen = NULL;
    d->kids = NULL;
    d->arena = NULL;
    d->frames = NULL;
    d->log = NULL;
    d->win = NULL;
    d->nkids = d->capkids = d->narena = d->caparena = d->nframes = d->capframes = 0;
    d->nlog = d->caplog = d->nwin = 0;
}

static int DepthFirst_init(DepthFirstObject *self, PyObject *args, PyObject *kw)
{
    static char *names[] = {"piles", "fnd", "r", "w_redeal", "thorough", "table_bytes",
                            "lost0", "autoplay", NULL};
    PyObject *piles, *fnd, *lost0;
    int r, w_redeal, thorough, autoplay_;
    long long table_bytes;
    Pos root;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOiipLOp", names, &piles, &fnd, &r, &w_redeal,
                                     &thorough, &table_bytes, &lost0, &autoplay_)
        || pos_of(piles, fnd, r, &root) < 0)
        return -1;
    if (lost0 != Py_None && !PyObject_TypeCheck(lost0, &TableType)) {
        PyErr_SetString(PyExc_TypeError, "lost0: a Table or None");
        return -1;
    }
    df_clear(self);
    self->gen = PyMem_RawCalloc(1, sizeof(Gen));
    Kid *kids = PyMem_RawCalloc(MAX_KIDS, sizeof(Kid));
    if (!self->gen || !kids || fp_init(&self->seen, table_bytes) < 0) {
        PyMem_RawFree(kids);
        PyErr_NoMemory();
        return -1;
    }
    self->gen->kids = kids;
    self->gen->w_depth = 1;
    self->gen->autoplay = autoplay_;
    self->gen->seen = df_seen;
    self->gen->ctx = self;
    self->w_redeal = w_redeal;
    self->thorough = thorough;
    self->pending = -1;
    if (lost0 != Py_None) {
        Py_INCREF(lost0);
        self->lost0 = (TableObject *)lost0;
    }
    Key key = {piles_hash(&root), fnd_part(root.fnd, root.r)};
    fp_put(&self->seen, fingerprint(key));
    if (df_push(self, &root, key.ph, -1, 0, -1) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void DepthFirst_dealloc(DepthFirstObject *self)
{
    Py_CLEAR(self->lost0);
    /* Tens of MB handed back take milliseconds: not with the game's lock held. */
    Py_BEGIN_ALLOW_THREADS
    df_clear(self); /* its Py_CLEAR finds nothing left to release */
    Py_END_ALLOW_THREADS
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *DepthFirst_run(DepthFirstObject *self, PyObject *arg)
{
    long long n = PyLong_AsLongLong(arg);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    if (!self->gen) {
        PyErr_SetString(PyExc_RuntimeError, "the search was not set up");
        return NULL;
    }
    int64_t ticks = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = df_run(self, n, &ticks);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(iL)", status, (long long)ticks);
}

static PyObject *DepthFirst_line(DepthFirstObject *self, PyObject *Py_UNUSED(unused))
{
    return steps_list(self->win ? self->win : (const uint8_t *)"", self->nwin);
}

static PyObject *DepthFirst_nbytes(DepthFirstObject *self, PyObject *Py_UNUSED(unused))
{
    int64_t n = (int64_t)(self->seen.mask + 1) * 8 + self->capkids * (int64_t)sizeof(Kid)
                + self->caparena + self->capframes * (int64_t)sizeof(Frame) + self->caplog * 8;
    return PyLong_FromLongLong(n);
}

static Py_ssize_t DepthFirst_len(DepthFirstObject *self)
{
    return (Py_ssize_t)self->seen.size;
}

static PyMethodDef DepthFirst_methods[] = {
    {"run", (PyCFunction)DepthFirst_run, METH_O,
     "run(n) -> (status, nodes): search to the n-th position entered."},
    {"line", (PyCFunction)DepthFirst_line, METH_NOARGS, "The steps from the root to the win."},
    {"nbytes", (PyCFunction)DepthFirst_nbytes, METH_NOARGS, "The bytes its tables take."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods DepthFirst_seq = {.sq_length = (lenfunc)DepthFirst_len};

static PyTypeObject DepthFirstType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "crescent.solver._core.DepthFirst",
    .tp_basicsize = sizeof(DepthFirstObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The exhaustive depth-first search (crescent/solver/depth_first.py).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)DepthFirst_init,
    .tp_dealloc = (destructor)DepthFirst_dealloc,
    .tp_as_sequence = &DepthFirst_seq,
    .tp_methods = DepthFirst_methods,
};

/* ---------------------------------------------------------------- the module */

static struct PyModuleDef core_module = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "crescent.solver._core",
    .m_doc = "The solver's search in C, the interpreter lock released while it searches.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__core(void)
{
    for (int c = 0; c < 52; c++) {
        UP[c] = (uint8_t)(c % 13 != 12 ? c + 1 : c - 12);
        DOWN[c] = (uint8_t)(c % 13 != 0 ? c - 1 : c + 12);
    }
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&BestFirstType) < 0
        || PyType_Ready(&DepthFirstType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m)
        return NULL;
    Py_INCREF(&TableType);
    Py_INCREF(&BestFirstType);
    Py_INCREF(&DepthFirstType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0
        || PyModule_AddObject(m, "BestFirst", (PyObject *)&BestFirstType) < 0
        || PyModule_AddObject(m, "DepthFirst", (PyObject *)&DepthFirstType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
