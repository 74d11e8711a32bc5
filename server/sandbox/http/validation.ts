// The sandbox's input validation: the shared wrapper (server/shared/validated.ts),
// answering with the sandbox's localized errors.
import { createEdgeValidation } from '../../shared/validated.ts';
import { sandboxErrors } from './errors.ts';

export { parseWith } from '../../shared/validated.ts';

export const { validated, validationFailed, readJsonBody } = createEdgeValidation(sandboxErrors);
