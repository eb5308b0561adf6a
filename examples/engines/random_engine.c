/* A qwixo engine in C (docs/engine-protocol.md): JSON lines on stdin/stdout, nothing but the
 * C standard library. It plays every game qwixo hosts: at each "go" it picks one of the
 * position's option texts at random (passing, where "pass" is an option, less often than the
 * rest), from the seed of "newgame", so a game replays the same.
 *
 *     gcc -O2 -o random_engine examples/engines/random_engine.c
 *     qwixo tournament quixo --engine c=./random_engine --bots c,greedy
 *
 * It reads only three fields of the host's messages — "type", "seed" and "options" — with a
 * small scanner of the top-level object that skips every other value whole (the "view" and
 * "save" of a position may be large and deeply nested). The option texts are kept as they
 * were written (JSON string contents, escapes included) and written back the same way. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPTIONS 4096

static uint32_t state = 12345u;
static char *options[MAX_OPTIONS]; /* the last position's option texts (JSON contents) */
static int n_options = 0;
static int have_position = 0;

static double next_random(void) { /* mulberry32, as random-engine.js */
    uint32_t t;
    state += 0x6d2b79f5u;
    t = state;
    t = (t ^ (t >> 15)) * (t | 1u);
    t ^= t + (t ^ (t >> 7)) * (t | 61u);
    return (double)(t ^ (t >> 14)) / 4294967296.0;
}

static const char *ws(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    return p;
}

/* a JSON string at p (at its opening quote): its end (after the closing quote), or NULL */
static const char *skip_string(const char *p) {
    for (p++; *p; p++) {
        if (*p == '\\') {
            if (!*++p) return NULL;
        } else if (*p == '"') {
            return p + 1;
        }
    }
    return NULL;
}

/* any JSON value at p: its end, or NULL when it is not one */
static const char *skip_value(const char *p) {
    int depth = 0;
    p = ws(p);
    do {
        p = ws(p);
        if (*p == '"') {
            p = skip_string(p);
            if (!p) return NULL;
        } else if (*p == '{' || *p == '[') {
            depth++;
            p++;
            continue;
        } else if (*p == '}' || *p == ']') {
            if (--depth < 0) return NULL;
            p++;
        } else if (*p == ',' || *p == ':') {
            if (depth == 0) return NULL;
            p++;
            continue;
        } else if (*p) {
            const char *q = p;
            while (*q && strchr(" \t\r\n,:]}", *q) == NULL) q++;
            if (q == p) return NULL;
            p = q;
        } else {
            return NULL;
        }
    } while (depth > 0);
    return p;
}

static char *copy(const char *from, const char *to) {
    char *s = malloc((size_t)(to - from) + 1);
    if (!s) exit(1);
    memcpy(s, from, (size_t)(to - from));
    s[to - from] = '\0';
    return s;
}

static void clear_options(void) {
    for (int i = 0; i < n_options; i++) free(options[i]);
    n_options = 0;
}

/* the options array at p: each string kept */
static void read_options(const char *p) {
    clear_options();
    p = ws(p);
    if (*p != '[') return;
    p = ws(p + 1);
    while (*p == '"' && n_options < MAX_OPTIONS) {
        const char *end = skip_string(p);
        if (!end) return;
        options[n_options++] = copy(p + 1, end - 1);
        p = ws(end);
        if (*p == ',') p = ws(p + 1);
    }
}

/* one message: its type (into type, at most size bytes); the seed and options kept */
static int read_message(const char *line, char *type, size_t size, long long *seed,
                        int *has_seed) {
    const char *p = ws(line);
    type[0] = '\0';
    *has_seed = 0;
    if (*p != '{') return 0;
    p = ws(p + 1);
    while (*p == '"') {
        const char *key_end = skip_string(p);
        const char *value, *end;
        if (!key_end) return 0;
        value = ws(key_end);
        if (*value != ':') return 0;
        value = ws(value + 1);
        end = skip_value(value);
        if (!end) return 0;
        if (strncmp(p, "\"type\"", 6) == 0 && *value == '"' && (size_t)(end - value) < size) {
            memcpy(type, value + 1, (size_t)(end - value - 2));
            type[end - value - 2] = '\0';
        } else if (strncmp(p, "\"seed\"", 6) == 0 && *value != 'n') {
            *seed = strtoll(value, NULL, 10);
            *has_seed = 1;
        } else if (strncmp(p, "\"options\"", 9) == 0 && *value == '[') {
            read_options(value);
        }
        p = ws(end);
        if (*p == ',') p = ws(p + 1);
    }
    return *p == '}';
}

static void say(const char *line) {
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

static const char *decide(void) {
    int useful[MAX_OPTIONS], n_useful = 0;
    if (n_options == 0) return NULL;
    for (int i = 0; i < n_options; i++)
        if (strcmp(options[i], "pass") != 0) useful[n_useful++] = i;
    /* without a better idea, passing only when it is the one option */
    if (n_useful > 0 && next_random() < 0.7)
        return options[useful[(int)(next_random() * n_useful)]];
    return options[(int)(next_random() * n_options)];
}

int main(void) {
    char *line = NULL, type[32];
    size_t cap = 0;
    long long seed = 0;
    int has_seed;
    while (getline(&line, &cap, stdin) != -1) {
        if (*ws(line) == '\0') continue;
        if (!read_message(line, type, sizeof type, &seed, &has_seed)) {
            say("{\"type\":\"error\",\"error\":\"bad_message\",\"message\":\"not a JSON object\"}");
            continue;
        }
        if (strcmp(type, "hello") == 0) {
            say("{\"type\":\"engine\",\"protocol\":1,\"name\":\"random_engine.c\","
                "\"author\":\"qwixo examples\",\"games\":{\"quixo\":{},\"qwixx\":{}},"
                "\"options\":[]}");
        } else if (strcmp(type, "newgame") == 0) {
            state = has_seed ? (uint32_t)(unsigned long long)seed : 12345u;
            have_position = 0;
            say("{\"type\":\"ready\"}");
        } else if (strcmp(type, "position") == 0) {
            have_position = 1; /* (its options were kept while it was read) */
        } else if (strcmp(type, "go") == 0) {
            const char *d = have_position ? decide() : NULL;
            if (!d) {
                say("{\"type\":\"error\",\"error\":\"bad_message\",\"message\":\"go without a position\"}");
                continue;
            }
            printf("{\"type\":\"info\",\"depth\":0,\"options\":%d}\n", n_options);
            printf("{\"type\":\"decision\",\"decision\":\"%s\"}\n", d);
            fflush(stdout);
        } else if (strcmp(type, "error") == 0) {
            fprintf(stderr, "random_engine.c: the host reports an error\n");
        } else if (strcmp(type, "stop") == 0) {
            continue;
        } else if (strcmp(type, "quit") == 0) {
            break;
        } else {
            say("{\"type\":\"error\",\"error\":\"bad_message\",\"message\":\"unknown type\"}");
        }
    }
    clear_options();
    free(line);
    return 0;
}
