/**
 * A few requests of one connection at a time. HTTP/1.1 lets a client send requests without waiting
 * for the answers (pipelining). No browser does; a script can write fifty thousand at once. Node
 * parses all it reads and hands every request on at once, and stops reading only when answers pile
 * up unsent. A request that answers late (a counted view waiting for its commit) writes nothing, so
 * one socket could fill the memory, and thousands of requests of one connection would stand in the
 * event loop ahead of every other reader's.
 *
 * So each connection has at most IN_PROGRESS_PER_CONNECTION requests being served. The ones after
 * wait their turn in order (their answers must go out in order anyway), and the socket is not read
 * while any wait: a connection holds at most what one read brought, and a new reader's request
 * starts at once, beside a few of each other connection's instead of behind all of them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Enough for any client that pipelines in earnest; a browser has one request at a time on a connection. */
export const IN_PROGRESS_PER_CONNECTION = 4;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Connection {
  inProgress: number;
  waiting: [IncomingMessage, ServerResponse][];
  /** Whether this module paused the socket, and so must resume it. */
  paused: boolean;
}

export function aFewAtATime(handler: Handler, limit = IN_PROGRESS_PER_CONNECTION): Handler {
  const connections = new WeakMap<Socket, Connection>();

  const readAgain = (socket: Socket, connection: Connection) => {
    if (!connection.paused) return;
    connection.paused = false;
    socket.resume();
  };

  function serve(socket: Socket, connection: Connection, req: IncomingMessage, res: ServerResponse) {
    connection.inProgress++;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      connection.inProgress--;
      const next = connection.waiting.shift();
      // The last one waiting may have a body still to come: the socket is read again before it is served.
      if (connection.waiting.length === 0) readAgain(socket, connection);
      // On a later turn: an answer written at once ends at once, and a connection of them would keep the
      // event loop to itself, new connections unaccepted, until all that waited was served.
      if (next) setImmediate(() => serve(socket, connection, ...next));
    };
    res.once('finish', end);
    res.once('close', end);
    handler(req, res);
  }

  return (req, res) => {
    const socket = req.socket;
    let connection = connections.get(socket);
    if (!connection) {
      const created: Connection = (connection = { inProgress: 0, waiting: [], paused: false });
      connections.set(socket, created);
      // Node resumes a socket of its own accord once its answers have drained: not while requests wait here.
      socket.on('resume', () => {
        if (created.paused) socket.pause();
      });
    }
    if (connection.inProgress < limit) return serve(socket, connection, req, res);
    connection.waiting.push([req, res]);
    if (!connection.paused) {
      connection.paused = true;
      socket.pause();
    }
  };
}
