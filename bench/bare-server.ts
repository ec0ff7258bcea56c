/** The framework's ceiling: a bare express 5 route answering a constant. */
import express from 'express';

const app = express();
app.get('/bare', (_req, res) => {
  res.json({ ok: true });
});
const server = app.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof addr === 'object' && addr ? addr.port : 0 })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
