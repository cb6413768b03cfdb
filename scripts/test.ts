/**
 * `npm test`: every check (types, lint, build, unit, integration, browser), stopping at the first
 * step that fails, then how long each stage took, so a slow stage shows in any CI log.
 *
 * The quick checks that need no build run side by side, each with its output held and printed
 * whole when it ends: on two cores they take the time of the slowest rather than of all three.
 * The build, then the integration and browser suites, which start servers on it, run one by one.
 */
import { spawn } from 'node:child_process';

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

/** Runs one stage; beside others its output is held and printed whole at its end. */
function run([name, script]: Stage, alone: boolean): Promise<boolean> {
  const at = performance.now();
  const child = spawn('npm', ['run', script], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (!alone) process.stdout.write(`\n── ${name}（npm run ${script}）──\n${Buffer.concat(output).toString()}`);
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
