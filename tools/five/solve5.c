/* solve5.c: an exact solver for 5x5 noughts and crosses with four in a row.
 *
 * Values are win (1), draw (0) or loss (-1) for the side to move.
 *
 * Board: two bitboards in a padded layout, 6 bits a row (the sixth column is always empty),
 * so a shift finds every window of four at once: the cells that would complete a line of a
 * side ("threats") come from a few shifts and ands per direction.
 *
 * Search: negamax over the three values with alpha-beta (fail-soft), a transposition table
 * of lower/upper bounds keyed by the least of the eight symmetric images, forced moves (win
 * now; block a single threat; two threats lose), a move that makes two threats wins,
 * dead-line bounds (no line free of the opponent's marks: cannot win), and move ordering:
 * the table's move, then moves that make threats, then cells on busy open lines, with a
 * history table.
 *
 * Build:  gcc -O2 -o solve5 solve5.c             (a command-line program, see main below)
 *         gcc -O2 -shared -fPIC -o libsolve5.so solve5.c   (for ctypes, see solve5.py)
 *
 * Cells on the API are 0..24, row-major from the top-left, as in nac.core.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint32_t u32;
typedef uint64_t u64;

#define W 6
#define NCELL 25
#define PAD(c) (((c) / 5) * W + (c) % 5)

static u32 VALID;
static u32 LINES[28];
static int NLINES;
static u32 THROUGH[32][8];
static int NTHROUGH[32];
static int TO_PAD[25], TO_CELL[32];
static u32 SYMTAB[8][3][1024];
static int SYMCELL[8][32]; /* padded cell -> padded image */
static int INVSYM[8];

static u32 SIBLING[28]; /* the other window of the same line of five, or 0 */

static u64 nodes;
static int initialised;

/* ---- transposition table ---------------------------------------------------------------- */

typedef struct {
    u64 key;   /* canonical (me << 30 | op) + 1; 0 = empty slot */
    int8_t lo, hi;
    uint8_t move; /* padded cell in canonical orientation, 255 = none */
    uint8_t work; /* log2 of the nodes below, for replacement */
    u32 pad;
} Entry;

#define BUCKET 4
static Entry *table;
static u64 table_mask; /* bucket count - 1 */
static int history[2][32];

static inline int popc(u32 x) { return __builtin_popcount(x); }

static inline u32 threats(u32 s, u32 empty) {
    u64 x = s, t = 0;
#define DIR(d)                                                                         \
    {                                                                                  \
        u64 a1 = x >> (d), a2 = x >> (2 * (d)), a3 = x >> (3 * (d));                   \
        u64 b1 = x << (d), b2 = x << (2 * (d)), b3 = x << (3 * (d));                   \
        t |= (a1 & a2 & (a3 | b1)) | (b1 & b2 & (a1 | b3));                            \
    }
    DIR(1) DIR(5) DIR(6) DIR(7)
#undef DIR
    return (u32)t & empty;
}

static inline u64 canon(u32 me, u32 op, int *sym) {
    u64 best = ~(u64)0;
    int bs = 0;
    for (int s = 0; s < 8; s++) {
        u32 m = SYMTAB[s][0][me & 1023] | SYMTAB[s][1][(me >> 10) & 1023] | SYMTAB[s][2][me >> 20];
        u32 o = SYMTAB[s][0][op & 1023] | SYMTAB[s][1][(op >> 10) & 1023] | SYMTAB[s][2][op >> 20];
        u64 k = ((u64)m << 30) | o;
        if (k < best) {
            best = k;
            bs = s;
        }
    }
    *sym = bs;
    return best + 1;
}

static void init(void) {
    if (initialised) return;
    initialised = 1;
    VALID = 0;
    for (int i = 0; i < 32; i++) TO_CELL[i] = -1;
    for (int c = 0; c < 25; c++) {
        TO_PAD[c] = PAD(c);
        TO_CELL[PAD(c)] = c;
        VALID |= 1u << PAD(c);
    }
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    NLINES = 0;
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 5; c++)
            for (int d = 0; d < 4; d++) {
                int er = r + 3 * dirs[d][0], ec = c + 3 * dirs[d][1];
                if (er < 0 || er >= 5 || ec < 0 || ec >= 5) continue;
                u32 m = 0;
                for (int i = 0; i < 4; i++) m |= 1u << PAD((r + i * dirs[d][0]) * 5 + c + i * dirs[d][1]);
                LINES[NLINES++] = m;
            }
    for (int l = 0; l < NLINES; l++) {
        SIBLING[l] = 0;
        for (int k = 0; k < NLINES; k++)
            if (k != l && __builtin_popcount(LINES[l] & LINES[k]) == 3) SIBLING[l] = LINES[k];
    }
    memset(NTHROUGH, 0, sizeof NTHROUGH);
    for (int l = 0; l < NLINES; l++)
        for (int p = 0; p < 32; p++)
            if (LINES[l] >> p & 1) THROUGH[p][NTHROUGH[p]++] = LINES[l];
    /* the 8 symmetries, as in nac/engine/symmetry.py */
    for (int s = 0; s < 8; s++) {
        for (int i = 0; i < 32; i++) SYMCELL[s][i] = -1;
        for (int c = 0; c < 25; c++) {
            int r = c / 5, k = c % 5, nr, nk, L = 4;
            switch (s) {
            case 0: nr = r; nk = k; break;
            case 1: nr = k; nk = L - r; break;
            case 2: nr = L - r; nk = L - k; break;
            case 3: nr = L - k; nk = r; break;
            case 4: nr = r; nk = L - k; break;
            case 5: nr = L - r; nk = k; break;
            case 6: nr = k; nk = r; break;
            default: nr = L - k; nk = L - r; break;
            }
            SYMCELL[s][PAD(c)] = PAD(nr * 5 + nk);
        }
        for (int ch = 0; ch < 3; ch++)
            for (int v = 0; v < 1024; v++) {
                u32 out = 0;
                for (int b = 0; b < 10; b++)
                    if (v >> b & 1) {
                        int p = ch * 10 + b;
                        if (p < 32 && SYMCELL[s][p] >= 0) out |= 1u << SYMCELL[s][p];
                    }
                SYMTAB[s][ch][v] = out;
            }
    }
    for (int s = 0; s < 8; s++)
        for (int t = 0; t < 8; t++) {
            int ok = 1;
            for (int p = 0; p < 32 && ok; p++)
                if (SYMCELL[s][p] >= 0 && SYMCELL[t][SYMCELL[s][p]] != p) ok = 0;
            if (ok) INVSYM[s] = t;
        }
}

int s5_init(int log2_buckets) {
    init();
    free(table);
    u64 n = (u64)1 << log2_buckets;
    table = calloc(n * BUCKET, sizeof(Entry));
    if (!table) return -1;
    table_mask = n - 1;
    memset(history, 0, sizeof history);
    nodes = 0;
    return 0;
}

void s5_clear(void) {
    if (table) memset(table, 0, (table_mask + 1) * BUCKET * sizeof(Entry));
    memset(history, 0, sizeof history);
}

u64 s5_nodes(void) { return nodes; }

static inline Entry *probe(u64 key) {
    u64 h = key * 0x9E3779B97F4A7C15ull;
    Entry *b = table + ((h >> 20) & table_mask) * BUCKET;
    for (int i = 0; i < BUCKET; i++)
        if (b[i].key == key) return b + i;
    return NULL;
}

static inline void store(u64 key, int lo, int hi, int move, u64 work) {
    u64 h = key * 0x9E3779B97F4A7C15ull;
    Entry *b = table + ((h >> 20) & table_mask) * BUCKET;
    int w = 0;
    while (work > 1 && w < 255) {
        work >>= 1;
        w++;
    }
    Entry *slot = NULL;
    for (int i = 0; i < BUCKET; i++)
        if (b[i].key == key) {
            slot = b + i;
            if (slot->lo > lo) lo = slot->lo;
            if (slot->hi < hi) hi = slot->hi;
            if (move == 255) move = slot->move;
            if (slot->work > w) w = slot->work;
            break;
        }
    if (!slot) {
        slot = b;
        for (int i = 1; i < BUCKET; i++)
            if (b[i].work < slot->work) slot = b + i;
    }
    slot->key = key;
    slot->lo = (int8_t)lo;
    slot->hi = (int8_t)hi;
    slot->move = (uint8_t)move;
    slot->work = (uint8_t)w;
}

/* Whether the side whose live windows lie in `free` (cells not of the other side) can be
 * stopped by a pairing strategy: each live window gets a pair of its empty cells, the pairs
 * disjoint (a pair inside two windows of one line of five covers both). Greedy, windows with
 * fewer empty cells first: a 1 is always right, a 0 may be wrong. The side must have no
 * threat (a live window with one empty cell). */
static int paired(u32 free, u32 empty) {
    u32 ws[28];
    int n = 0;
    for (int k = 2; k <= 4; k++)
        for (int l = 0; l < NLINES; l++)
            if ((LINES[l] & free) == LINES[l] && __builtin_popcount(LINES[l] & empty) == k) ws[n++] = l;
    u32 used = 0, chosen[28];
    int nc = 0;
    for (int i = 0; i < n; i++) {
        u32 w = LINES[ws[i]];
        int covered = 0;
        for (int j = 0; j < nc; j++)
            if ((chosen[j] & w) == chosen[j]) {
                covered = 1;
                break;
            }
        if (covered) continue;
        u32 f = w & empty & ~used;
        u32 s = SIBLING[ws[i]];
        if (s && (s & free) == s) {
            u32 g = f & s;
            if (__builtin_popcount(g) >= 2) f = g;
        }
        if (__builtin_popcount(f) < 2) return 0;
        u32 a = f & -f;
        f ^= a;
        u32 p = a | (f & -f);
        chosen[nc++] = p;
        used |= p;
    }
    return 1;
}

/* ---- search ------------------------------------------------------------------------------- */

static const int W_OWN[5] = {1, 4, 24, 200, 0};
static const int W_BLOCK[5] = {0, 3, 16, 150, 0};

static int search(u32 me, u32 op, int alpha, int beta) {
    nodes++;
    u32 empty = VALID & ~(me | op);
    if (threats(me, empty)) return 1;
    u32 opT = threats(op, empty);
    if (opT & (opT - 1)) return -1;
    int ne = popc(empty);
    /* two or fewer empty cells, no win for us now and no double threat: nobody can win
     * (we block their single threat if any; their last move cannot make a new line with
     * a cell that was not a threat) */
    if (ne <= 2) return 0;
    int my_live = 0, op_live = 0;
    for (int l = 0; l < NLINES; l++) {
        if (!(LINES[l] & op)) my_live = 1;
        if (!(LINES[l] & me)) op_live = 1;
    }
    int hi = my_live ? 1 : 0, lo = op_live ? -1 : 0;
    if (lo == hi) return lo;
    if (hi <= alpha) return hi;
    if (lo >= beta) return lo;

    int sym;
    u64 key = canon(me, op, &sym);
    Entry *e = probe(key);
    int ttmove = -1;
    if (e) {
        if (e->lo > lo) lo = e->lo;
        if (e->hi < hi) hi = e->hi;
        if (lo >= beta || lo == hi) return lo;
        if (hi <= alpha) return hi;
        if (e->move != 255) ttmove = SYMCELL[INVSYM[sym]][e->move];
    }
#ifndef NO_PAIRING
    if (!opT) {
        if (beta <= 0 && lo < 0 && paired(VALID & ~me, empty)) {
            store(key, 0, hi, 255, 1);
            return 0;
        }
        if (alpha >= 0 && hi > 0 && paired(VALID & ~op, empty)) {
            store(key, lo, 0, 255, 1);
            return 0;
        }
    }
#endif
    u64 start = nodes;

    int moves[25], score[25], n = 0;
    u32 cand = opT ? opT : empty;
    int side = ne & 1;
    while (cand) {
        u32 b = cand & -cand;
        cand ^= b;
        int p = __builtin_ctz(b);
        u32 nt = threats(me | b, empty ^ b);
        int k = popc(nt);
        if (k >= 2) { /* a double threat: they can block one only */
            store(key, 1, 1, SYMCELL[sym][p], 1);
            return 1;
        }
        int sc = k * 100000 + history[side][p];
        for (int i = 0; i < NTHROUGH[p]; i++) {
            u32 L = THROUGH[p][i];
            if (!(L & op)) sc += W_OWN[popc(L & me)] * 16;
            if (!(L & me)) sc += W_BLOCK[popc(L & op)] * 16;
        }
        if (p == ttmove) sc += 1 << 28;
        moves[n] = p;
        score[n] = sc;
        n++;
    }
    /* insertion sort, best first */
    for (int i = 1; i < n; i++) {
        int m = moves[i], s = score[i], j = i - 1;
        while (j >= 0 && score[j] < s) {
            moves[j + 1] = moves[j];
            score[j + 1] = score[j];
            j--;
        }
        moves[j + 1] = m;
        score[j + 1] = s;
    }
    int best = -2, bestm = n ? moves[0] : 0;
    for (int i = 0; i < n; i++) {
        int a = alpha > best ? alpha : best;
        int v = -search(op, me | (1u << moves[i]), -beta, -a);
        if (v > best) {
            best = v;
            bestm = moves[i];
            if (best >= beta || best >= hi) break;
        }
    }
    if (best > alpha && n > 1) history[side][bestm] += 1;
    int nlo = lo, nhi = hi;
    if (best <= alpha) nhi = best < nhi ? best : nhi;
    else if (best >= beta) nlo = best > nlo ? best : nlo;
    else nlo = nhi = best;
    if (best >= hi) nlo = nhi = best; /* v <= hi <= best <= v */
    store(key, nlo, nhi, SYMCELL[sym][bestm], nodes - start);
    return best;
}

/* ---- the API (cells 0..24, row-major) ------------------------------------------------------ */

static u32 to_pad(u32 bits) {
    u32 out = 0;
    for (int c = 0; c < 25; c++)
        if (bits >> c & 1) out |= 1u << TO_PAD[c];
    return out;
}

/* Whether `bits` (25-bit) hold a complete line. */
int s5_has_line(u32 bits) {
    init();
    u32 p = to_pad(bits);
    for (int l = 0; l < NLINES; l++)
        if ((p & LINES[l]) == LINES[l]) return 1;
    return 0;
}

/* Value for the side to move (`me` to move, `op` the other side), in the window (alpha, beta)
 * (fail-soft: a result <= alpha is an upper bound, >= beta a lower bound). The position must
 * not be over. */
int s5_search(u32 me, u32 op, int alpha, int beta) {
    if (!table) s5_init(22);
    return search(to_pad(me), to_pad(op), alpha, beta);
}

/* The exact value for the side to move: 1 win, 0 draw, -1 loss. */
int s5_value(u32 me, u32 op) {
    if (!table) s5_init(22);
    u32 m = to_pad(me), o = to_pad(op);
    int v = search(m, o, -1, 0); /* at least a draw? */
    if (v < 0) return -1;
    return search(m, o, 0, 1) >= 1 ? 1 : 0;
}

/* The value of every move for the side to move: out[c] is 1/0/-1, or -9 if c is taken.
 * A move that completes a line is 1; one that fills the board without a line is 0. */
void s5_move_values(u32 me, u32 op, int *out) {
    if (!table) s5_init(22);
    u32 m = to_pad(me), o = to_pad(op);
    u32 empty = VALID & ~(m | o);
    for (int c = 0; c < 25; c++) {
        int p = TO_PAD[c];
        if (!(empty >> p & 1)) {
            out[c] = -9;
            continue;
        }
        u32 after = m | (1u << p);
        if (threats(m, 1u << p)) out[c] = 1;
        else if (!(empty ^ (1u << p))) out[c] = 0;
        else {
            int v = search(o, after, -1, 0);
            if (v >= 0) v = search(o, after, 0, 1) >= 1 ? 1 : 0;
            else v = -1;
            out[c] = -v;
        }
    }
}

/* ---- command line ----------------------------------------------------------------------------
 * One request a line: a board of 25 characters (X, O, '.') row-major, optionally followed by
 * the side to move (X or O; default: X if the counts are equal, else O), then optionally a
 * command word:  (none) -> the value for the side to move: "1", "0" or "-1";
 *                "moves" -> 25 numbers, each move's value for the side to move (-9 taken).
 * "clear" empties the table; "nodes" prints the node count. A bad line prints "error".
 */
#ifndef SOLVE5_NO_MAIN
int main(int argc, char **argv) {
    int log2b = argc > 1 ? atoi(argv[1]) : 22;
    if (s5_init(log2b)) {
        fprintf(stderr, "no memory\n");
        return 1;
    }
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        char board[64] = "", side[8] = "", cmd[16] = "";
        int n = sscanf(line, "%63s %7s %15s", board, side, cmd);
        if (n <= 0) continue;
        if (!strcmp(board, "clear")) {
            s5_clear();
            puts("ok");
            fflush(stdout);
            continue;
        }
        if (!strcmp(board, "nodes")) {
            printf("%llu\n", (unsigned long long)nodes);
            fflush(stdout);
            continue;
        }
        if (strlen(board) != 25) {
            puts("error");
            fflush(stdout);
            continue;
        }
        u32 x = 0, o = 0;
        int bad = 0;
        for (int c = 0; c < 25; c++) {
            char ch = board[c];
            if (ch == 'X' || ch == 'x') x |= 1u << c;
            else if (ch == 'O' || ch == 'o') o |= 1u << c;
            else if (ch != '.' && ch != '_') bad = 1;
        }
        int xmove;
        if (n >= 2 && (side[0] == 'X' || side[0] == 'x')) xmove = 1;
        else if (n >= 2 && (side[0] == 'O' || side[0] == 'o')) xmove = 0;
        else {
            xmove = popc(x) == popc(o);
            if (n >= 2) strcpy(cmd, side);
        }
        if (bad || s5_has_line(x) || s5_has_line(o) || !(~(x | o) & 0x1FFFFFF)) {
            puts("error");
            fflush(stdout);
            continue;
        }
        u32 me = xmove ? x : o, op = xmove ? o : x;
        if (!strcmp(cmd, "moves")) {
            int out[25];
            s5_move_values(me, op, out);
            for (int c = 0; c < 25; c++) printf(c ? " %d" : "%d", out[c]);
            putchar('\n');
        } else {
            printf("%d\n", s5_value(me, op));
        }
        fflush(stdout);
    }
    return 0;
}
#endif
