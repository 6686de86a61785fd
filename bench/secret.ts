// The JWT secret of the bench server (bench/server.ts), shared with the raw route that replays its
// statements (bench/raw-customers.ts), which verifies the same tokens.
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
