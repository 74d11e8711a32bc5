// The app server's input validation: the shared wrapper (server/shared/validated.ts)
// answering with the app's errors. Runs before any upstream call, so bad input costs the
// hotel API nothing.
import { createEdgeValidation } from '../shared/validated.ts';
import { appErrors } from './errors.ts';

export { parseWith } from '../shared/validated.ts';

export const { validated, validationFailed, readJsonBody } = createEdgeValidation(appErrors);
