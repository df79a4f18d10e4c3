import { notYet } from './not-yet.ts';
export const evalServerCommand = notYet('eval-server', 'Evaluation HTTP server (localhost only)', 'codegraph eval-server [--port 4848] [--idle-timeout 0]');
