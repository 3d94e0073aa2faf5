// A local stand-in for a WeCom group robot: answers {errcode: 0} and keeps every message it got, so
// a test can count deliveries (point WECOM_WEBHOOK_URL at `url`).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRobot {
  url: string;
  /** The markdown of each message, in arrival order. */
  messages: string[];
  close(): Promise<void>;
}

export async function startFakeRobot(): Promise<FakeRobot> {
  const messages: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      try {
        const message = JSON.parse(body) as { markdown?: { content?: string } };
        messages.push(message.markdown?.content ?? "");
      } catch {
        messages.push(body);
      }
      response.writeHead(200, { "content-type": "application/json" }).end('{"errcode":0,"errmsg":"ok"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cgi-bin/webhook/send?key=e2e`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
