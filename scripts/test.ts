/**
 * `npm test`: every check (types, lint, build, unit, integration, browser), stopping at the first
 * step that fails, then how long each stage took, so a slow stage shows in any CI log.
 *
 * The quick checks that need no build run side by side, and each line they print starts with its
 * stage's name. The build, then the integration and browser suites, which start servers on it,
 * run one at a time: each suite runs three files at once (package.json, playwright.config.ts), and
 * the two suites together overload two cores until timing tests fail.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

// The suites start about two hundred servers and builds: with Node's cache of compiled modules,
// each after the first starts on 15% less processor time.
process.env.NODE_COMPILE_CACHE ||= resolve('node_modules/.cache/node-compile-cache');

type Stage = [name: string, script: string];

const STEPS: Stage[][] = [
  [
    ['类型检查', 'check'],
    ['代码检查', 'lint'],
    ['单元测试', 'test:unit'],
  ],
  [['构建', 'build']],
  [['集成测试', 'test:integration']],
  [['端到端测试', 'test:e2e']],
];

const took: string[] = [];
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

/** Runs one stage; beside others, each of its lines is printed as it comes, after the stage's name. */
function run([name, script]: Stage, alone: boolean): Promise<boolean> {
  const at = performance.now();
  const child = spawn('npm', ['run', script], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (from) createInterface({ input: from }).on('line', (line) => to.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) =>
    child.on('close', (code) => {
      took.push(`${name}（npm run ${script}）：${seconds(at)} 秒${code === 0 ? '' : '，失败'}`);
      resolve(code === 0);
    }),
  );
}

const started = performance.now();
for (const step of STEPS) {
  const results = await Promise.all(step.map((stage) => run(stage, step.length === 1)));
  if (results.includes(false)) {
    console.error(`\n${took.join('\n')}`);
    process.exit(1);
  }
}
console.log(`\n各阶段用时：\n${took.join('\n')}\n合计：${seconds(started)} 秒`);
