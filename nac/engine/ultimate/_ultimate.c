/* Genius's search for Ultimate noughts and crosses, compiled: the search of
 * nac/engine/ultimate/search.py (a UCT Monte Carlo tree search whose simulations end in the
 * random playouts of nac/engine/ultimate/state.py, with a progressive bias from rules of
 * thumb; wins, losses and draws proven and carried up the tree, MCTS-Solver's way;
 * the tree kept from one move to the next), run in C for speed.
 * fast.py loads it when Ultimate's Genius first searches; where it was not built (no C
 * compiler at install, or nac run from a zip) the Python search answers instead.
 *
 * A state is what state.State holds: 23 ints, the X's of each small board (9-bit
 * masks), the O's, the boards won by X, by O, the decided boards, the board the next move must
 * go in (-1: any open one) and the side to move (0: X, 1: O). A move is a cell, board * 9 +
 * square. Nodes live in one array (indices, not pointers), 28 bytes each, a node's children
 * side by side (a selection reads them from one place in memory, not from all over the tree);
 * when the tree is kept for the next move, the subtree that is kept is copied to a fresh array,
 * so the array never holds more than the search's node cap (`max_nodes`, set by memory: see
 * fast.py). The interpreter lock is released while it simulates and taken back every
 * `check_every` simulations, to ask the caller's stop signal.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define FULL 0x1FF
#define STATE_SIZE 23
#define CELLS 81
#define PROVEN_WIN 1
#define PROVEN_LOSS (-1)
#define PROVEN_SCORE 1e6
#define PROVEN_DRAW 2
#define FIRST_NODES 4096

/* -- bits ------------------------------------------------------------------------------- */

#if defined(__GNUC__) || defined(__clang__)
#define LOWEST(x) __builtin_ctz(x)
#else
static int LOWEST(uint32_t x) { int n = 0; while (!(x & 1)) { x >>= 1; n++; } return n; }
#endif

static uint8_t WINS[512];       /* whether a 9-bit set holds a line */
static uint8_t BITS[512];       /* how many squares a 9-bit set holds */
static uint8_t NTH[512][9];     /* the place of a 9-bit set's k-th square (k from 0) */
static uint16_t FINISHERS[512]; /* the squares that would complete a line for those marks */

static void make_tables(void)
{
    static const uint16_t lines[8] = {0x007, 0x038, 0x1C0, 0x049, 0x092, 0x124, 0x111, 0x054};
    for (int bits = 0; bits < 512; bits++) {
        int wins = 0;
        for (int i = 0; i < 8; i++)
            wins |= (bits & lines[i]) == lines[i];
        WINS[bits] = (uint8_t)wins;
    }
    for (int bits = 0; bits < 512; bits++) {
        int n = 0;
        for (int s = 0; s < 9; s++)
            if (bits >> s & 1)
                NTH[bits][n++] = (uint8_t)s;
        BITS[bits] = (uint8_t)n;
    }
    for (int bits = 0; bits < 512; bits++) {
        uint16_t finishers = 0;
        for (int s = 0; s < 9; s++)
            if (!(bits >> s & 1) && WINS[bits | 1 << s])
                finishers |= (uint16_t)(1 << s);
        FINISHERS[bits] = finishers;
    }
}

/* -- random numbers: xoshiro256**, seeded by splitmix64 ----------------------------------- */

typedef struct {
    uint64_t s[4];
} Rng;

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(Rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static void rng_seed(Rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        r->s[i] = z ^ (z >> 31);
    }
}

/* A number from 0 to n - 1, evenly (n is at most 81: the bias of one multiply is negligible). */
static inline int below(Rng *r, int n) { return (int)(((rng_next(r) >> 32) * (uint64_t)n) >> 32); }

/* -- the state ---------------------------------------------------------------------------- */

typedef struct {
    uint16_t marks[18]; /* X's of board b at b, O's at 9 + b */
    uint16_t won[2];
    uint16_t decided;
    int8_t forced;
    uint8_t turn;
} State;

static inline int is_over(const State *s)
{
    return WINS[s->won[0]] || WINS[s->won[1]] || s->decided == FULL;
}

/* 0 if X has won, 1 if O has, -1 otherwise (a draw too). */
static inline int winner_of(const State *s)
{
    if (WINS[s->won[0]])
        return 0;
    if (WINS[s->won[1]])
        return 1;
    return -1;
}

/* A finished game's end for `side`, in half points: 2 a win, 0 a loss, 1 a draw. */
static inline int halves_for(const State *s, int side)
{
    int found = winner_of(s);
    return found < 0 ? 1 : (found == side ? 2 : 0);
}

static inline uint16_t free_squares(const State *s, int board)
{
    return (uint16_t)(FULL & ~(s->marks[board] | s->marks[9 + board]));
}

/* The boards the side to move may play in. */
static inline uint16_t allowed_boards(const State *s)
{
    return (uint16_t)(s->forced >= 0 ? 1 << s->forced : FULL & ~s->decided);
}

static inline void play(State *s, int cell)
{
    int board = cell / 9, square = cell % 9, turn = s->turn;
    int at = board + 9 * turn;
    uint16_t marks = (uint16_t)(s->marks[at] | 1 << square);
    s->marks[at] = marks;
    if (WINS[marks]) {
        s->won[turn] |= (uint16_t)(1 << board);
        s->decided |= (uint16_t)(1 << board);
    } else if ((marks | s->marks[board + 9 - 9 * turn]) == FULL) {
        s->decided |= (uint16_t)(1 << board);
    }
    s->forced = (int8_t)(s->decided >> square & 1 ? -1 : square);
    s->turn = (uint8_t)(1 - turn);
}

/* Every legal move, in order (none once the game is over): their count. */
static int legal_moves(const State *s, uint8_t *out)
{
    if (winner_of(s) >= 0 || s->decided == FULL)
        return 0;
    int n = 0;
    for (uint32_t boards = allowed_boards(s); boards; boards &= boards - 1) {
        int board = LOWEST(boards);
        for (uint32_t free = free_squares(s, board); free; free &= free - 1)
            out[n++] = (uint8_t)(board * 9 + LOWEST(free));
    }
    return n;
}

/* The empty squares of the open boards `open`, each board's among `allowed`, into `options`:
 * their count. */
static inline int gather(const State *s, uint32_t open, uint16_t allowed, uint16_t options[9])
{
    int n = 0;
    for (uint32_t boards = open; boards; boards &= boards - 1) {
        int b = LOWEST(boards);
        options[b] = (uint16_t)(free_squares(s, b) & allowed);
        n += BITS[options[b]];
    }
    return n;
}

/* The game played to its end, each side by state.playout's policy: win the game if one move
 * does; else a move that does not send the other side where it wins the game at once, if there
 * is one; among those any, each as likely (a move among several boards is drawn evenly among
 * all their empty squares). The boards where each side can win in one (`threats`) are kept as
 * the game goes, to see a win of the game at once. */
static void playout(State *s, Rng *rng)
{
    uint16_t threats[2] = {0, 0};
    uint16_t options[9];
    for (uint32_t open = FULL & ~s->decided; open; open &= open - 1) {
        int board = LOWEST(open);
        uint16_t free = free_squares(s, board);
        if (FINISHERS[s->marks[board]] & free)
            threats[0] |= (uint16_t)(1 << board);
        if (FINISHERS[s->marks[9 + board]] & free)
            threats[1] |= (uint16_t)(1 << board);
    }
    while (!is_over(s)) {
        int turn = s->turn, mine = 9 * turn, forced = s->forced;
        uint16_t ending = threats[turn] & allowed_boards(s) & FINISHERS[s->won[turn]];
        if (ending) {
            int board = LOWEST(ending);
            uint16_t finishing = FINISHERS[s->marks[board + mine]] & free_squares(s, board);
            play(s, board * 9 + LOWEST(finishing));
            return;
        }
        /* The squares that send the other side to a board where it would win the game at once,
         * or to a decided board (a move anywhere) while it has one, the boards as they stand
         * before the move: shunned where another move is left. */
        uint16_t theirs_win = threats[1 - turn] & FINISHERS[s->won[1 - turn]];
        uint16_t safe = theirs_win ? (uint16_t)(FULL & ~(theirs_win | s->decided)) : FULL;
        int board, square;
        if (forced >= 0) {
            board = forced;
            uint32_t free = free_squares(s, board);
            if (free & safe)
                free &= safe;
            square = NTH[free][below(rng, BITS[free])];
        } else {
            uint32_t open = FULL & ~s->decided;
            int n = gather(s, open, safe, options);
            if (!n)
                n = gather(s, open, FULL, options);
            int k = below(rng, n);
            for (uint32_t boards = open;; boards &= boards - 1) {
                board = LOWEST(boards);
                if (k < BITS[options[board]])
                    break;
                k -= BITS[options[board]];
            }
            square = NTH[options[board]][k];
        }
        uint16_t bit = (uint16_t)(1 << board);
        uint16_t marks = (uint16_t)(s->marks[board + mine] | 1 << square);
        s->marks[board + mine] = marks;
        uint16_t theirs = s->marks[board + 9 - mine];
        uint16_t free = (uint16_t)(FULL & ~(marks | theirs));
        if (WINS[marks] || !free) {
            if (WINS[marks])
                s->won[turn] |= bit;
            s->decided |= bit;
            threats[0] &= (uint16_t)~bit;
            threats[1] &= (uint16_t)~bit;
        } else {
            if (FINISHERS[marks] & free)
                threats[turn] |= bit;
            if (!(FINISHERS[theirs] & free))
                threats[1 - turn] &= (uint16_t)~bit;
        }
        s->forced = (int8_t)(s->decided >> square & 1 ? -1 : square);
        s->turn = (uint8_t)(1 - turn);
    }
}

/* -- the tree ------------------------------------------------------------------------------ */

/* A node: a position reached by `move`, its statistics from the view of the side that played
 * it. Its children (one per legal move, in a random order) lie side by side in the node
 * array from `children`, made when the node is first passed through; the first `tried` of
 * them have been simulated (and set up: `node_init`), the rest not yet. Selection reads
 * `mean`, which holds a progressive bias besides the share won: `bias / (visits + 1)`, what
 * rules of thumb think of the move (`move_hint`), worth less with each simulation. */
typedef struct {
    float mean;        /* halves / 2 / visits + bias / (visits + 1); once proven
                          +-PROVEN_SCORE, or a half (a draw) */
    float shy;         /* 1 / sqrt(visits); 0 once proven */
    float bias;        /* the progressive bias: the weight given times `move_hint` */
    uint32_t visits;
    uint32_t halves;   /* wins counted in half points (a draw is 1), for the side that moved */
    int32_t children;  /* the first child's index; -1: none made yet */
    uint8_t count;     /* children */
    uint8_t tried;     /* children simulated: the first `tried` */
    int8_t move;
    int8_t proven;     /* PROVEN_WIN, PROVEN_LOSS, PROVEN_DRAW (for the side that played
                          `move`) or 0 */
} Node;

/* A node proven: its `mean` its value, no more exploration (`shy` 0: a proven draw is
 * chosen for its half alone, so the search proves its unproven siblings instead of going back
 * to what it knows). */
static inline void set_proven(Node *n, int proven)
{
    n->proven = (int8_t)proven;
    n->mean = proven == PROVEN_DRAW ? 0.5f : (float)(proven * PROVEN_SCORE);
    n->shy = 0;
}

/* The side to move's move that wins the game at once, or -1. */
static int winning_move(const State *s)
{
    int turn = s->turn;
    for (uint32_t boards = allowed_boards(s) & FINISHERS[s->won[turn]]; boards;
         boards &= boards - 1) {
        int board = LOWEST(boards);
        uint16_t finishing = FINISHERS[s->marks[board + 9 * turn]] & free_squares(s, board);
        if (finishing)
            return board * 9 + LOWEST(finishing);
    }
    return -1;
}

/* What rules of thumb think of the move from `before` to `after`, for its mover: a point for
 * winning its small board, a point off for sending the other side to a board it can win at
 * once or letting it play anywhere. */
static float move_hint(const State *before, const State *after)
{
    float hint = 0;
    if (after->won[before->turn] != before->won[before->turn])
        hint += 1;
    if (after->forced < 0)
        hint -= 1;
    else if (FINISHERS[after->marks[after->forced + 9 * after->turn]] &
             free_squares(after, after->forced))
        hint -= 1;
    return hint;
}

/* A child tried for the first time, `s` the position after its move, `bias` its progressive
 * bias: proven at once if the game is over, or if the side to move now wins in one (a loss for
 * its mover). */
static void node_init(Node *n, const State *s, float bias)
{
    n->children = -1;
    n->count = n->tried = 0;
    n->visits = n->halves = 0;
    n->mean = n->shy = 0;
    n->bias = bias;
    n->proven = 0;
    if (is_over(s)) {
        int halves = halves_for(s, 1 - s->turn);
        set_proven(n, halves == 2 ? PROVEN_WIN : (halves == 0 ? PROVEN_LOSS : PROVEN_DRAW));
    } else if (winning_move(s) >= 0) {
        set_proven(n, PROVEN_LOSS);
    }
}

typedef struct {
    PyObject_HEAD
    Node *nodes; /* the root at 0, when there is a tree */
    int32_t count;
    int32_t capacity;
    State root_state;
    Rng rng;
    int busy;
} SearchObject;

static int grow(SearchObject *self, int64_t needed, int64_t most)
{
    if (needed > most)
        return 1;
    if (needed <= self->capacity)
        return 0;
    int64_t capacity = self->capacity ? (int64_t)self->capacity * 2 : FIRST_NODES;
    if (capacity > most)
        capacity = most;
    if (capacity < needed)
        capacity = needed;
    Node *nodes = PyMem_RawRealloc(self->nodes, (size_t)capacity * sizeof(Node));
    if (nodes == NULL)
        return -1;
    self->nodes = nodes;
    self->capacity = (int32_t)capacity;
    return 0;
}

/* The children of `parent` (not proven: its game not over, no win in one for the side to
 * move; `s` its position) made: one per legal move, in a random order. The array has room for
 * them. */
static void expand(SearchObject *self, int32_t parent, const State *s)
{
    uint8_t moves[CELLS];
    int n = legal_moves(s, moves);
    for (int i = n - 1; i > 0; i--) {
        int j = below(&self->rng, i + 1);
        uint8_t swap = moves[i];
        moves[i] = moves[j];
        moves[j] = swap;
    }
    int32_t first = self->count;
    for (int i = 0; i < n; i++) {
        Node *child = &self->nodes[first + i];
        memset(child, 0, sizeof *child);
        child->children = -1;
        child->move = (int8_t)moves[i];
    }
    self->count += n;
    self->nodes[parent].children = first;
    self->nodes[parent].count = (uint8_t)n;
    self->nodes[parent].tried = 0;
}

/* How many nodes the subtree under `root` holds (itself and its children's blocks). */
static int64_t subtree_size(const Node *nodes, int32_t root)
{
    int64_t size = 1;
    int32_t stack[CELLS * 82];
    int top = 0;
    stack[top++] = root;
    /* a tree of blocks: count each block once, then go down its tried children */
    while (top) {
        const Node *node = &nodes[stack[--top]];
        if (node->children < 0)
            continue;
        size += node->count;
        for (int i = node->tried - 1; i >= 0; i--)
            if (nodes[node->children + i].children >= 0)
                stack[top++] = node->children + i;
    }
    return size;
}

/* Keep only the subtree under `root`: copied, breadth first, to a new array, root at 0. */
static int keep_subtree(SearchObject *self, int32_t root)
{
    Node *old = self->nodes;
    int64_t size = subtree_size(old, root);
    int64_t capacity = size + FIRST_NODES;
    Node *kept = PyMem_RawMalloc((size_t)capacity * sizeof(Node));
    if (kept == NULL)
        return -1;
    kept[0] = old[root];
    int64_t tail = 1;
    for (int64_t head = 0; head < tail; head++) { /* a kept node's children: old indices */
        Node *node = &kept[head];
        if (node->children < 0)
            continue;
        memcpy(&kept[tail], &old[node->children], node->count * sizeof(Node));
        node->children = (int32_t)tail;
        tail += node->count;
    }
    PyMem_RawFree(old);
    self->nodes = kept;
    self->count = (int32_t)tail;
    self->capacity = (int32_t)capacity;
    return 0;
}

/* A tree of one node, for `state`. */
static int new_tree(SearchObject *self, const State *state)
{
    if (self->capacity > FIRST_NODES) {
        PyMem_RawFree(self->nodes);
        self->nodes = NULL;
        self->capacity = 0;
    }
    self->count = 0;
    if (grow(self, 1, FIRST_NODES) < 0)
        return -1;
    node_init(&self->nodes[0], state, 0);
    self->nodes[0].move = -1;
    self->count = 1;
    return 0;
}

/* The tried child of `parent` reached by `move`, or -1. */
static int32_t child_by_move(const Node *nodes, int32_t parent, int move)
{
    const Node *node = &nodes[parent];
    for (int i = 0; i < node->tried; i++)
        if (nodes[node->children + i].move == move)
            return node->children + i;
    return -1;
}

/* The root for `state`: the kept tree's where it holds it (up to two moves on), else new. */
static int reuse(SearchObject *self, const State *state)
{
    if (self->count) {
        const Node *nodes = self->nodes;
        if (!memcmp(&self->root_state, state, sizeof *state))
            return 0;
        const Node *root = &nodes[0];
        for (int i = 0; root->children >= 0 && i < root->tried; i++) {
            int32_t child = root->children + i;
            State after = self->root_state;
            play(&after, nodes[child].move);
            if (!memcmp(&after, state, sizeof *state))
                return keep_subtree(self, child);
            for (int j = 0; nodes[child].children >= 0 && j < nodes[child].tried; j++) {
                int32_t grandchild = nodes[child].children + j;
                State later = after;
                play(&later, nodes[grandchild].move);
                if (!memcmp(&later, state, sizeof *state))
                    return keep_subtree(self, grandchild);
            }
        }
    }
    return new_tree(self, state);
}

/* The child UCT picks among the tried ones: a proven win at once, never a proven loss while
 * another is left. */
static inline int32_t select_child(const Node *nodes, const Node *parent, float exploration)
{
    float explore = exploration * sqrtf(logf((float)parent->visits));
    const Node *child = &nodes[parent->children];
    int best = 0;
    float best_score = -INFINITY;
    for (int i = 0; i < parent->tried; i++) {
        float score = child[i].mean + explore * child[i].shy;
        if (score > best_score) {
            best = i;
            best_score = score;
        }
    }
    return parent->children + best;
}

/* Carry proofs up the path: a node is a loss for its mover if one reply wins; once every
 * reply is tried and proven, a win if they all lose, else a draw. */
static void prove(Node *nodes, const int32_t *path, int depth)
{
    for (int i = depth - 1; i >= 0; i--) {
        Node *node = &nodes[path[i]];
        if (node->proven || node->children < 0)
            continue;
        int any_win = 0, all_lose = 1, all_proven = 1;
        const Node *child = &nodes[node->children];
        for (int j = 0; j < node->tried; j++) {
            if (child[j].proven == PROVEN_WIN) {
                any_win = 1;
                break;
            }
            if (child[j].proven != PROVEN_LOSS)
                all_lose = 0;
            if (!child[j].proven)
                all_proven = 0;
        }
        if (any_win)
            set_proven(node, PROVEN_LOSS);
        else if (node->tried < node->count || !all_proven)
            return;
        else
            set_proven(node, all_lose ? PROVEN_WIN : PROVEN_DRAW);
    }
}

/* One simulation: down the tree by UCT, one child tried, a playout, the result up. The array
 * has room for one more block of children. */
static void simulate(SearchObject *self, float exploration, float bias)
{
    Node *nodes = self->nodes;
    State state = self->root_state;
    int32_t path[CELLS + 2];
    int depth = 0;
    int32_t at = 0;
    path[depth++] = at;
    while (!nodes[at].proven) {
        if (nodes[at].children < 0)
            expand(self, at, &state);
        Node *node = &nodes[at];
        if (node->tried < node->count) { /* an untried child: tried now, then a playout */
            at = node->children + node->tried++;
            State before = state;
            play(&state, nodes[at].move);
            node_init(&nodes[at], &state, bias * move_hint(&before, &state));
            path[depth++] = at;
            break;
        }
        at = select_child(nodes, node, exploration);
        play(&state, nodes[at].move);
        path[depth++] = at;
    }
    int outcome;
    if (nodes[at].proven) {
        int proven = nodes[at].proven;
        outcome = proven == PROVEN_WIN ? 2 : (proven == PROVEN_LOSS ? 0 : 1);
    } else {
        int mover = 1 - state.turn; /* the side that played the last node's move */
        playout(&state, &self->rng);
        outcome = halves_for(&state, mover);
    }
    for (int i = depth - 1; i >= 0; i--) {
        Node *step = &nodes[path[i]];
        step->visits++;
        step->halves += (uint32_t)outcome;
        if (!step->proven) {
            step->shy = 1.0f / sqrtf((float)step->visits);
            step->mean = (float)step->halves * 0.5f / (float)step->visits +
                         step->bias / (float)(step->visits + 1);
        }
        outcome = 2 - outcome;
    }
    prove(nodes, path, depth);
}


static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* -- Python ------------------------------------------------------------------------------- */

static int read_state(PyObject *given, State *s)
{
    PyObject *items = PySequence_Fast(given, "a state is a sequence of 23 ints");
    if (items == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(items) != STATE_SIZE) {
        Py_DECREF(items);
        PyErr_SetString(PyExc_ValueError, "a state is a sequence of 23 ints");
        return -1;
    }
    long values[STATE_SIZE];
    for (int i = 0; i < STATE_SIZE; i++) {
        values[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(items, i));
        if (values[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(items);
            return -1;
        }
    }
    Py_DECREF(items);
    memset(s, 0, sizeof *s);
    for (int i = 0; i < 21; i++) {
        if (values[i] < 0 || values[i] > FULL) {
            PyErr_Format(PyExc_ValueError, "a state's mask %d is %ld, not 0 to 511", i, values[i]);
            return -1;
        }
    }
    if (values[21] < -1 || values[21] > 8 || values[22] < 0 || values[22] > 1) {
        PyErr_SetString(PyExc_ValueError, "a state's board to play is -1 to 8, its side 0 or 1");
        return -1;
    }
    for (int i = 0; i < 18; i++)
        s->marks[i] = (uint16_t)values[i];
    s->won[0] = (uint16_t)values[18];
    s->won[1] = (uint16_t)values[19];
    s->decided = (uint16_t)values[20];
    s->forced = (int8_t)values[21];
    s->turn = (uint8_t)values[22];
    return 0;
}

static PyObject *state_list(const State *s)
{
    long values[STATE_SIZE];
    for (int i = 0; i < 18; i++)
        values[i] = s->marks[i];
    values[18] = s->won[0];
    values[19] = s->won[1];
    values[20] = s->decided;
    values[21] = s->forced;
    values[22] = s->turn;
    PyObject *list = PyList_New(STATE_SIZE);
    if (list == NULL)
        return NULL;
    for (int i = 0; i < STATE_SIZE; i++) {
        PyObject *value = PyLong_FromLong(values[i]);
        if (value == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, value);
    }
    return list;
}

static int not_busy(SearchObject *self)
{
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the search is running (in another thread)");
        return -1;
    }
    return 0;
}

static PyObject *Search_run(SearchObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"state", "seconds", "simulations", "stopped", "seed",
                               "max_nodes", "exploration", "check_every", "bias", NULL};
    PyObject *given, *seconds_given, *simulations_given, *stopped;
    unsigned long long seed;
    Py_ssize_t max_nodes;
    double exploration, bias;
    int check_every;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOO$Kndid", keywords, &given,
                                     &seconds_given, &simulations_given, &stopped, &seed,
                                     &max_nodes, &exploration, &check_every, &bias))
        return NULL;
    State state;
    if (not_busy(self) < 0 || read_state(given, &state) < 0)
        return NULL;
    double seconds = -1;
    if (seconds_given != Py_None) {
        seconds = PyFloat_AsDouble(seconds_given);
        if (seconds == -1 && PyErr_Occurred())
            return NULL;
        if (seconds < 0)
            seconds = 0;
    }
    long long budget = -1;
    if (simulations_given != Py_None) {
        budget = PyLong_AsLongLong(simulations_given);
        if (budget == -1 && PyErr_Occurred())
            return NULL;
        if (budget < 0)
            budget = 0;
    }
    if (stopped == Py_None)
        stopped = NULL;
    else if (!PyCallable_Check(stopped)) {
        PyErr_SetString(PyExc_TypeError, "stopped is a callable or None");
        return NULL;
    }
    if (max_nodes < 1 || max_nodes > INT32_MAX - 2 || check_every < 1) {
        PyErr_SetString(PyExc_ValueError, "max_nodes and check_every are positive");
        return NULL;
    }
    if (reuse(self, &state) < 0)
        return PyErr_NoMemory();
    self->root_state = state;
    rng_seed(&self->rng, seed);
    double deadline = seconds < 0 ? 0 : now() + seconds;
    long long count = 0;
    int failed = 0, out_of_memory = 0;
    self->busy = 1;
    PyThreadState *thread = PyEval_SaveThread();
    while (!self->nodes[0].proven) {
        if (budget >= 0 && count >= budget)
            break;
        if (count && count % check_every == 0) {
            if (seconds >= 0 && now() >= deadline)
                break;
            if (stopped != NULL) {
                PyEval_RestoreThread(thread);
                PyObject *answer = PyObject_CallNoArgs(stopped);
                int stop = answer == NULL ? -1 : PyObject_IsTrue(answer);
                Py_XDECREF(answer);
                thread = PyEval_SaveThread();
                if (stop) {
                    failed = stop < 0;
                    break;
                }
            }
        }
        int full = grow(self, (int64_t)self->count + CELLS, (int64_t)max_nodes);
        if (full) {
            out_of_memory = full < 0;
            break;
        }
        simulate(self, (float)exploration, (float)bias);
        count++;
    }
    PyEval_RestoreThread(thread);
    self->busy = 0;
    if (out_of_memory)
        return PyErr_NoMemory();
    if (failed)
        return NULL;
    return PyLong_FromLongLong(count);
}

static PyObject *Search_best_move(SearchObject *self, PyObject *Py_UNUSED(ignored))
{
    if (not_busy(self) < 0)
        return NULL;
    const Node *nodes = self->nodes;
    if (!self->count || !nodes[0].tried) {
        PyErr_SetString(PyExc_ValueError, "no move has been searched");
        return NULL;
    }
    const Node *child = &nodes[nodes[0].children];
    int tried = nodes[0].tried, best = -1;
    for (int i = 0; i < tried; i++)
        if (child[i].proven == PROVEN_WIN)
            return PyLong_FromLong(child[i].move);
    for (int pass = 0; pass < 2 && best < 0; pass++) { /* alive ones, else all */
        for (int i = 0; i < tried; i++) {
            if (!pass && child[i].proven == PROVEN_LOSS)
                continue;
            if (best < 0 || child[i].visits > child[best].visits ||
                (child[i].visits == child[best].visits && child[i].halves > child[best].halves))
                best = i;
        }
    }
    return PyLong_FromLong(child[best].move);
}

static PyObject *Search_estimates(SearchObject *self, PyObject *args)
{
    PyObject *line = NULL;
    if (!PyArg_ParseTuple(args, "|O", &line) || not_busy(self) < 0)
        return NULL;
    PyObject *found = PyList_New(0);
    if (found == NULL || !self->count)
        return found;
    const Node *nodes = self->nodes;
    int32_t at = 0;
    if (line != NULL) {
        PyObject *moves = PySequence_Fast(line, "a line is a sequence of moves");
        if (moves == NULL) {
            Py_DECREF(found);
            return NULL;
        }
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(moves) && at >= 0; i++) {
            long move = PyLong_AsLong(PySequence_Fast_GET_ITEM(moves, i));
            if (move == -1 && PyErr_Occurred()) {
                Py_DECREF(moves);
                Py_DECREF(found);
                return NULL;
            }
            at = child_by_move(nodes, at, (int)move);
        }
        Py_DECREF(moves);
        if (at < 0)
            return found;
    }
    for (int i = 0; i < nodes[at].tried; i++) { /* a proven draw is told as not proven */
        const Node *child = &nodes[nodes[at].children + i];
        int proven = child->proven == PROVEN_DRAW ? 0 : child->proven;
        PyObject *item = Py_BuildValue("(idIi)", (int)child->move, child->halves * 0.5,
                                       child->visits, proven);
        if (item == NULL || PyList_Append(found, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(found);
            return NULL;
        }
        Py_DECREF(item);
    }
    return found;
}

static PyObject *Search_visits(SearchObject *self, void *Py_UNUSED(closure))
{
    return PyLong_FromUnsignedLong(self->count ? self->nodes[0].visits : 0);
}

static PyObject *Search_nodes(SearchObject *self, void *Py_UNUSED(closure))
{
    return PyLong_FromLong(self->count);
}

static void Search_dealloc(SearchObject *self)
{
    PyMem_RawFree(self->nodes);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef Search_methods[] = {
    {"run", (PyCFunction)(void (*)(void))Search_run, METH_VARARGS | METH_KEYWORDS,
     "run(state, seconds, simulations, stopped, *, seed, max_nodes, exploration, check_every,"
     " bias)"
     " -> the simulations run"},
    {"best_move", (PyCFunction)Search_best_move, METH_NOARGS, "The move to play."},
    {"estimates", (PyCFunction)Search_estimates, METH_VARARGS,
     "estimates(line=()) -> [(move, wins, visits, proven)] of the node after `line`."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"visits", (getter)Search_visits, NULL, "The root's simulations.", NULL},
    {"nodes", (getter)Search_nodes, NULL, "The nodes in the tree.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "nac.engine.ultimate._ultimate.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One search tree, kept between the moves of a game.",
    .tp_new = PyType_GenericNew,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

/* The rules, for the tests: the same answers as state.py's. */

static PyObject *rules_legal(PyObject *Py_UNUSED(module), PyObject *given)
{
    State s;
    uint8_t moves[CELLS];
    if (read_state(given, &s) < 0)
        return NULL;
    int n = legal_moves(&s, moves);
    PyObject *list = PyList_New(n);
    if (list == NULL)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *move = PyLong_FromLong(moves[i]);
        if (move == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, move);
    }
    return list;
}

static PyObject *rules_play(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *given;
    int cell;
    State s;
    if (!PyArg_ParseTuple(args, "Oi", &given, &cell) || read_state(given, &s) < 0)
        return NULL;
    if (cell < 0 || cell >= CELLS) {
        PyErr_Format(PyExc_ValueError, "a cell is 0 to 80, not %d", cell);
        return NULL;
    }
    play(&s, cell);
    return state_list(&s);
}

static PyObject *rules_winner(PyObject *Py_UNUSED(module), PyObject *given)
{
    State s;
    if (read_state(given, &s) < 0)
        return NULL;
    int found = winner_of(&s);
    if (found < 0)
        Py_RETURN_NONE;
    return PyLong_FromLong(found);
}

static PyObject *rules_playout(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *given;
    unsigned long long seed;
    State s;
    Rng rng;
    if (!PyArg_ParseTuple(args, "OK", &given, &seed) || read_state(given, &s) < 0)
        return NULL;
    rng_seed(&rng, seed);
    playout(&s, &rng);
    return state_list(&s);
}

static PyMethodDef module_methods[] = {
    {"legal", rules_legal, METH_O, "legal(state) -> every legal move, in order."},
    {"play", rules_play, METH_VARARGS, "play(state, cell) -> the state after the move."},
    {"winner", rules_winner, METH_O, "winner(state) -> 0 (X), 1 (O) or None."},
    {"playout", rules_playout, METH_VARARGS,
     "playout(state, seed) -> the state at the end of one playout."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "nac.engine.ultimate._ultimate",
    .m_doc = "Genius's Ultimate search, compiled (see nac/engine/ultimate/fast.py).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__ultimate(void)
{
    make_tables();
    if (PyType_Ready(&SearchType) < 0)
        return NULL;
    PyObject *created = PyModule_Create(&module);
    if (created == NULL)
        return NULL;
    if (PyModule_AddIntConstant(created, "NODE_BYTES", (long)sizeof(Node)) < 0) {
        Py_DECREF(created);
        return NULL;
    }
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(created, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(created);
        return NULL;
    }
    return created;
}
