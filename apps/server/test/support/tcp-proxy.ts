// A TCP proxy the outage tests put between the server and PostgreSQL or Redis, to make the
// dependency stop answering (pause: the network stalls, nothing is lost) or drop every connection
// and refuse new ones (cut: the service restarts), and then come back.
import { connect, createServer, type Server, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** Stops moving bytes either way; connections stay open, new ones get no answer. */
  pause(): void;
  /** Closes every connection and refuses new ones. */
  cut(): void;
  /** Back to forwarding (after pause or cut). */
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let state: "open" | "paused" | "cut" = "open";
  const links = new Set<Link>();

  /** One connection through the proxy: bytes held back while paused are sent on restore. */
  class Link {
    private readonly held: [Socket, Buffer][] = [];

    constructor(
      readonly client: Socket,
      readonly upstream: Socket,
    ) {
      client.on("data", (chunk: Buffer) => this.forward(upstream, chunk));
      upstream.on("data", (chunk: Buffer) => this.forward(client, chunk));
      for (const socket of [client, upstream]) {
        socket.on("error", () => this.destroy());
        socket.on("close", () => this.destroy());
      }
    }

    private forward(to: Socket, chunk: Buffer) {
      if (state === "open") to.write(chunk);
      else this.held.push([to, chunk]);
    }

    flush() {
      for (const [to, chunk] of this.held.splice(0)) to.write(chunk);
    }

    destroy() {
      links.delete(this);
      this.client.destroy();
      this.upstream.destroy();
    }
  }

  const server: Server = createServer((client) => {
    if (state === "cut") {
      client.destroy();
      return;
    }
    links.add(new Link(client, connect(targetPort, targetHost)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("proxy has no port");

  return {
    port: address.port,
    pause() {
      state = "paused";
    },
    cut() {
      state = "cut";
      for (const link of [...links]) link.destroy();
    },
    restore() {
      state = "open";
      for (const link of links) link.flush();
    },
    async close() {
      for (const link of [...links]) link.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
