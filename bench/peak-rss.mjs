// Preloaded (`node --import`) into a benchmarked process: on exit, writes its peak RSS and CPU time
// (worker threads included) to stderr as one line `seqscope-bench {"maxRssKb":N,"cpuMs":N}`.
process.on('exit', () => {
  const u = process.resourceUsage();
  process.stderr.write(`seqscope-bench ${JSON.stringify({ maxRssKb: u.maxRSS, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 })}\n`);
});
