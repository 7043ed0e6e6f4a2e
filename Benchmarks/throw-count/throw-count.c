// Counts the errors a process throws, by type and by the code that threw them: loaded with LD_PRELOAD
// (Linux), it stands in for the Swift runtime's swift_willThrow and swift_willThrowTypedImpl (which
// every `throw` calls, and which Swift Testing hooks to capture a backtrace), counts, and calls the
// runtime's own. At exit it writes one line per (type, thrower) to $THROW_COUNT_OUTPUT
// (default /tmp/throw-count.txt): the count, the error type, and the thrower as file+offset.
// Build: clang -shared -fPIC -O1 -o libthrow-count.so throw-count.c -L<swift lib dir> -lswiftCore -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { const char *data; size_t length; } TypeName;
extern TypeName swift_getTypeName(const void *type, _Bool qualified);

#define SLOTS 8192
static struct { const void *type; void *thrower; unsigned long count; } slots[SLOTS];
static unsigned long total, dropped;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void count(const void *type, void *thrower) {
    pthread_mutex_lock(&lock);
    total++;
    uintptr_t start = ((uintptr_t)type ^ ((uintptr_t)thrower * 31)) % SLOTS;
    int placed = 0;
    for (unsigned step = 0; step < SLOTS && !placed; step++) {
        unsigned slot = (start + step) % SLOTS;
        if (slots[slot].count == 0) {
            slots[slot].type = type;
            slots[slot].thrower = thrower;
        }
        if (slots[slot].type == type && slots[slot].thrower == thrower) {
            slots[slot].count++;
            placed = 1;
        }
    }
    if (!placed) dropped++;
    pthread_mutex_unlock(&lock);
}

typedef __attribute__((swiftcall)) void WillThrow(
    void *__attribute__((swift_context)) context, void **__attribute__((swift_error_result)) error);
static WillThrow *runtimeWillThrow;

// An untyped throw: the error's box holds its type after the object header (two words).
__attribute__((swiftcall)) void swift_willThrow(
    void *__attribute__((swift_context)) context, void **__attribute__((swift_error_result)) error) {
    void *box = *error;
    count(box ? ((void **)box)[2] : NULL, __builtin_return_address(0));
    if (!runtimeWillThrow) runtimeWillThrow = (WillThrow *)dlsym(RTLD_NEXT, "swift_willThrow");
    runtimeWillThrow(context, error);
}

typedef __attribute__((swiftcall)) void WillThrowTyped(void *value, const void *type, const void *conformance);
static WillThrowTyped *runtimeWillThrowTyped;

// A typed throw (`throws(JSONSyntaxError)`, Foundation's base64 decoder): the type is an argument.
__attribute__((swiftcall)) void swift_willThrowTypedImpl(void *value, const void *type, const void *conformance) {
    count(type, __builtin_return_address(0));
    if (!runtimeWillThrowTyped) runtimeWillThrowTyped = (WillThrowTyped *)dlsym(RTLD_NEXT, "swift_willThrowTypedImpl");
    runtimeWillThrowTyped(value, type, conformance);
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("THROW_COUNT_OUTPUT");
    FILE *file = fopen(path ? path : "/tmp/throw-count.txt", "w");
    if (!file) return;
    fprintf(file, "total\t%lu\t(not placed: %lu)\n", total, dropped);
    for (unsigned slot = 0; slot < SLOTS; slot++) {
        if (slots[slot].count == 0) continue;
        TypeName name = slots[slot].type ? swift_getTypeName(slots[slot].type, 1) : (TypeName){"?", 1};
        Dl_info info;
        if (dladdr(slots[slot].thrower, &info) && info.dli_fname)
            fprintf(file, "%lu\t%.*s\t%s+%lx\n", slots[slot].count, (int)name.length, name.data, info.dli_fname,
                    (unsigned long)((char *)slots[slot].thrower - (char *)info.dli_fbase));
        else
            fprintf(file, "%lu\t%.*s\t?\n", slots[slot].count, (int)name.length, name.data);
    }
    fclose(file);
}
