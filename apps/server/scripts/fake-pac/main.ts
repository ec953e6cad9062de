// `npm run fake-pac [-- --port 8787]`: the fake PAC standalone, for development. Point the
// server at it with the PAC_* values it prints (in .env or the environment). Stamps live in
// memory: they are gone when it stops.
import { parseArgs } from 'node:util';
import { startFakePac } from './fake-pac.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8787' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port debe ser un número de puerto, no '${values.port}'.`);
  process.exit(1);
}

const pac = await startFakePac({ port });
console.log(`PAC de pruebas escuchando en ${pac.url} (Ctrl+C para detenerlo). Configura el servidor con:\n`);
console.log(`PAC_URL=${pac.url}`);
console.log(`PAC_USER=${pac.user}`);
console.log(`PAC_PASSWORD=${pac.password}`);
console.log('PAC_TIMEOUT_MS=20000');

const stop = () => void pac.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
