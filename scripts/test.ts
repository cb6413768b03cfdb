/**
 * `npm test`: every check in order (types, regular expressions, build, unit, integration, browser), stopping at the
 * first that fails, then how long each stage took, so a slow stage shows in any CI log.
 */
import { spawnSync } from 'node:child_process';

const STAGES: [name: string, script: string][] = [
  ['类型检查', 'check'],
  ['正则表达式检查', 'lint'],
  ['构建', 'build'],
  ['单元测试', 'test:unit'],
  ['集成测试', 'test:integration'],
  ['端到端测试', 'test:e2e'],
];

const took: string[] = [];
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);
const started = performance.now();
for (const [name, script] of STAGES) {
  const at = performance.now();
  const run = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  took.push(`${name}（npm run ${script}）：${seconds(at)} 秒${run.status === 0 ? '' : '，失败'}`);
  if (run.status !== 0) {
    console.error(`\n${took.join('\n')}`);
    process.exit(run.status ?? 1);
  }
}
console.log(`\n各阶段用时：\n${took.join('\n')}\n合计：${seconds(started)} 秒`);
