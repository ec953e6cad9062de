// The HTTP limit of `npm run bench`: Fastify with routes that do no work, in a process of its
// own like the real server. POST /echo parses a JSON body as receipt/create does; GET /ping answers.
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
app.get('/api/health', async () => ({ ok: true }));
app.get('/ping', async () => ({ ok: true }));
app.post('/echo', async (request, reply) =>
  reply.status(201).send({ ok: true, lines: request.body?.items?.length ?? 0 }),
);

await app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? '127.0.0.1' });
