import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPhase, type Phase } from '../lib/load.ts';
import { setupFromArgs, shareOf, startSetup } from '../lib/setups.ts';

const options = setupFromArgs();
const work = mkdtempSync(join(tmpdir(), 'blog-cpu-'));
const setup = await startSetup(options, work, { MUSIC_DIR: join(work, 'music'), LICENSE_KEY_DIR: work, TRUST_PROXY: 'loopback' });
const phase: Phase = { name: 'views', path: '/api/article/view/7', method: 'PUT', ownAddress: true };
const STATIC: Phase = { name: 'static', path: '/home' };
function cpu() {
  const out: Record<string, number> = {};
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const st = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      const t = Number(st[11]) + Number(st[12]);
      const cls = cmd.startsWith('postgres') || cmd.includes('bin/postgres') ? 'postgres' : cmd.includes('viewsCpu') ? 'loadgen' : cmd.includes('main.ts') ? 'node' : pid === String(process.pid) ? 'loadgen' : null;
      if (cls) out[cls] = (out[cls] ?? 0) + t;
    } catch {}
  }
  return out;
}
for (const p of [STATIC, phase, phase, phase, STATIC, phase]) {
  const a = cpu();
  const t = performance.now();
  const r = await setup.split((origin, share) => runPhase(origin, p, shareOf({ seconds: 5 }, options.nodes), share(32)));
  const b = cpu();
  const s = (performance.now() - t) / 1000;
  console.log(p.name, Math.round(r.okPerSecond), Object.entries(b).map(([k, v]) => `${k} ${((v - (a[k] ?? 0)) / 100 / s).toFixed(2)} cores`).join(', '));
}
await setup.stop();
