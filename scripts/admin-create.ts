/**
 * `npm run admin:create -- <用户名> [密码]`: creates an admin, or makes an existing user admin.
 * A password given (or ADMIN_PASSWORD) that differs from the current one replaces it, ends
 * every login of that user and forgets the places it logged in from.
 */
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../src/contract/limits.ts';
import { passwordProblem, usernameProblem } from '../src/lib/accountRules.ts';
import { databaseSettings, migrateDb, openDb } from '../src/server/db/client.ts';
import { createUserService } from '../src/server/users/service.ts';

const [username, password = process.env.ADMIN_PASSWORD || undefined] = process.argv.slice(2);
if (!username || usernameProblem(username)) {
  console.error(`用法：npm run admin:create -- <用户名> [密码]（用户名为 ${USERNAME_MIN_LENGTH} 到 ${USERNAME_MAX_LENGTH} 位字母或数字）`);
  process.exit(1);
}
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
  const done = { created: `已创建管理员 ${username}`, promoted: `已将 ${username} 设为管理员`, existing: `${username} 已经是管理员`, 'not-admin': '' }[status];
  console.log(passwordReset ? `${done}，并重设了密码；该用户在各处的登录已失效` : done);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  db.$client.close();
}
