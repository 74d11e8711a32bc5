// `npm start`: builds what is missing or out of date, then serves the app.
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import('../dist/server/server/main.js');
