import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { ROOT } from '../server-process.js';

// The SAT's published schemas and transformations, run by xsltproc and xmllint (Debian packages
// xsltproc and libxml2-utils) as a PAC runs them: on the XML's bytes, outside Mostrador's code.

/** The SAT's XML files, in the repository (`apps/server/sat/xml`, see its README). */
export const SAT_XML_DIR = resolve(ROOT, 'apps', 'server', 'sat', 'xml');

export const SAT_FILES = {
  cfdiSchema: 'cfd/4/cfdv40.xsd',
  stampedSchema: 'cfdi-with-complements.xsd',
  cfdiCadena: 'cfd/4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt',
  tfdCadena: 'cfd/TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt',
} as const;

export const satFile = (name: keyof typeof SAT_FILES, dir = SAT_XML_DIR) => join(dir, SAT_FILES[name]);

/** Runs a command with `input` on its standard input; never blocks the event loop. */
function run(
  command: string,
  args: string[],
  input: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolvePromise({
        code: code ?? 1,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
    child.stdin.on('error', () => {}); // the child may exit before reading everything
    child.stdin.end(input, 'utf8');
  });
}

/** The output of an XSLT (a cadena original) over `xml`, exactly as xsltproc writes it. */
export async function transform(stylesheet: string, xml: string): Promise<string> {
  const { code, stdout, stderr } = await run('xsltproc', [stylesheet, '-'], xml);
  if (code !== 0) throw new Error(`xsltproc (${code}): ${stderr.trim()}`);
  return stdout;
}

/** The schema's complaints about `xml` (xmllint's lines, without the file name); none when valid. */
export async function schemaProblems(schema: string, xml: string): Promise<string[]> {
  const { code, stderr } = await run('xmllint', ['--noout', '--nonet', '--schema', schema, '-'], xml);
  if (code === 0) return [];
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^-:/, 'línea ').trim())
    .filter((line) => line && !/^- fails to validate$/.test(line) && !/validates$/.test(line));
  return lines.length > 0 ? lines : [`xmllint terminó con código ${code}`];
}
