// `npm run dev`: the API with live reload (tsx watch, port 3000) and the Vite dev server
// (port 5173, proxying /api) side by side. Ctrl+C stops both. The API's documentation is public
// here (API_DOCS=public unless set), as the page on :3000 cannot see the session signed in on :5173.
import { spawn } from 'node:child_process';

const serverEnv = { ...process.env, API_DOCS: process.env.API_DOCS || 'public' };
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && code !== 0 && stop()));
