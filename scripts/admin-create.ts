/**
 * `npm run admin:create -- <用户名>`: creates an admin, or makes an existing user admin. The
 * password is typed at a prompt (not shown), or piped in on standard input, or ADMIN_PASSWORD;
 * never an argument, which every user of the machine can see in `ps`. A password that differs
 * from the current one replaces it, ends every login of that user and forgets the places it
 * logged in from; none keeps the current one.
 */
import { read } from 'read';
import { text } from 'node:stream/consumers';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../src/contract/limits.ts';
import { passwordProblem, usernameProblem } from '../src/lib/shared/accountRules.ts';
import { closeDb, databaseSettings, migrateDb, openDb } from '../src/server/db/client.ts';
import { createUserService } from '../src/server/users/service.ts';

const [username, ...rest] = process.argv.slice(2);
if (!username || usernameProblem(username)) {
  console.error(
    `用法：npm run admin:create -- <用户名>（用户名为 ${USERNAME_MIN_LENGTH} 到 ${USERNAME_MAX_LENGTH} 位字母或数字），然后按提示输入密码`,
  );
  process.exit(1);
}
if (rest.length > 0) {
  console.error(
    '请不要把密码写在命令行里：本机的其他用户能在 ps 里看到它。运行后按提示输入，或从标准输入传入（echo … | npm run admin:create -- 用户名）',
  );
  process.exit(1);
}

/** The password to set, or undefined to keep the current one (for a new admin, one is required). */
async function passwordToSet(): Promise<string | undefined> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const typed = process.stdin.isTTY
    ? await read({ prompt: '密码（不会显示；已有账号留空则不修改）：', silent: true, replace: '' })
    : (await text(process.stdin)).split(/\r?\n/, 1)[0];
  return typed === '' ? undefined : typed;
}

const password = await passwordToSet();
const problem = password === undefined ? null : passwordProblem(password);
if (problem) {
  console.error(problem);
  process.exit(1);
}

const { url, authToken } = databaseSettings(process.env);
const db = await openDb(url, authToken);
await migrateDb(db);
try {
  const { status, passwordReset } = await createUserService(db).ensureAdmin(username, password, { promote: true });
  const done = {
    created: `已创建管理员 ${username}`,
    promoted: `已将 ${username} 设为管理员`,
    existing: `${username} 已经是管理员`,
    'not-admin': '',
  }[status];
  console.log(passwordReset ? `${done}，并重设了密码；该用户在各处的登录已失效` : done);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await closeDb(db);
}
