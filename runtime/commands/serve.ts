import { notYet } from './not-yet.ts';
export const serveCommand = notYet('serve', 'Web-UI HTTP server over all indexed repositories', 'codegraph serve [--port 4747] [--host 127.0.0.1] [--web-ui-url URL] [--analyze [path]]');
