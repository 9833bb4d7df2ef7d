// An API server that dies as soon as it starts (as a bad deploy or a missing native module would), for the launcher
// test of a crash loop (SKILLDUEL_API_ENTRY with `tools/start.mjs --no-build`).
process.stderr.write('launcher test: this API server crashes at start\n');
process.exit(3);
