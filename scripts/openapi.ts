// `npm run openapi -- FILE`: writes the OpenAPI document of /api (as /api/openapi.json
// serves it, indented) to FILE, or prints it. `npm run lint:openapi` lints what it writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { openApiDocument } from '../server/openapi/document.ts';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const text = `${JSON.stringify(openApiDocument(version), null, 2)}\n`;
const file = process.argv[2];
if (file) writeFileSync(file, text);
else process.stdout.write(text);
