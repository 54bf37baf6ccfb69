// Loaded with NODE_OPTIONS=--import (where --cpu-prof is refused): profiles the whole process with
// V8's sampler and writes <CPU_PROFILE_DIR>/<name>-<pid>.cpuprofile when it exits (render-cost.ts).
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // An in-process session answers synchronously, so the profile is written within 'exit'.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(dir, `${basename(process.argv[1] ?? 'node', '.mjs')}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
