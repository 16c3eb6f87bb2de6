/**
 * Large allocations on huge pages for the test processes (issue 31). On these virtual
 * machines a process's first touch of fresh memory costs about 7 µs a 4 KB page: reading
 * the seeded template's 100 MB dump into a Buffer took 0.5-0.7 s (dd reads the same file in
 * 0.06 s), and each PGlite a test server opens fills a few hundred MB. With glibc's
 * `glibc.malloc.hugetlb=1` tunable, malloc asks for transparent huge pages (2 MB) on the
 * memory it maps (the kernel's setting here is "madvise": only memory asked for gets them):
 * the same read takes 0.04-0.3 s, and opening a seeded PGlite about half the CPU.
 *
 * The configurations (vitest, playwright) set it in their own environment, which every
 * process they start inherits: test workers, the consoles' hosts, servers, workers and the
 * PostgreSQL servers the tests start. glibc reads it when a process starts; an older glibc
 * or another C library ignores it. The product's own processes are left as they are.
 */

export const HUGE_PAGES_TUNABLE = 'glibc.malloc.hugetlb=1';

/**
 * GLIBC_TUNABLES with the huge-pages tunable added to what it held (a colon-separated list),
 * replacing another value of the same tunable.
 * @param {string | undefined} current
 * @returns {string}
 */
export function withHugePages(current) {
  const others = (current ?? '').split(':').filter((t) => t && !t.startsWith('glibc.malloc.hugetlb='));
  return [...others, HUGE_PAGES_TUNABLE].join(':');
}

/** Sets it for the processes this one starts from now on. */
export function useHugePages() {
  process.env.GLIBC_TUNABLES = withHugePages(process.env.GLIBC_TUNABLES);
}
