// Runs the package scripts named on the command line side by side (npm test's checks and the web
// app's build: each mostly waits on one core, so together they take about the longest one's time),
// prints each one's output whole once it ends, and fails when any of them fails.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const npm = process.env.npm_execpath;

function run(name) {
  return new Promise((resolve) => {
    // Under npm, its own CLI through this Node; run by hand, the npm on the PATH.
    const child = npm ? spawn(process.execPath, [npm, 'run', '--silent', name]) : spawn('npm', ['run', '--silent', name], { shell: true });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const started = performance.now();
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'passed' : `failed (${signal ?? `exit code ${code}`})`;
      process.stdout.write(`\n> npm run ${name}: ${status} in ${seconds} s\n${Buffer.concat(output).toString()}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(names.map(run));
if (results.some((passed) => !passed)) process.exit(1);
