/*
 * A disk whose sync takes a while: fsync and fdatasync sleep SLOW_FSYNC_US microseconds before
 * they run. Loaded with LD_PRELOAD into the server by `BENCH_FSYNC_MS=3 npm run bench:burst`, it
 * shows what the benchmark does on a cloud server's network disk, where a sync takes milliseconds.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

static void wait_like_a_slow_disk(void) {
  const char *us = getenv("SLOW_FSYNC_US");
  if (us) usleep((useconds_t)atoi(us));
}

int fsync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  wait_like_a_slow_disk();
  return real(fd);
}

int fdatasync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  wait_like_a_slow_disk();
  return real(fd);
}
