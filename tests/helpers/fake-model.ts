import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request as the model server received it. */
export interface ModelRequest {
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: { role: string; content: string | null; tool_calls?: unknown[] }[];
    tools?: { type: string; function: { name: string } }[];
  };
}

/** What the scripted model does with a request: answer text, call tools, fail or hang. */
export type ModelStep =
  | { text: string | ((request: ModelRequest) => string) }
  | { toolCalls: { name: string; arguments: object }[] }
  | { status: number; body?: string }
  | { hangMs: number };

/** The content of the latest tool results of a request, parsed, oldest first. */
export function toolResults(request: ModelRequest): unknown[] {
  const results: unknown[] = [];
  for (const message of request.body.messages) {
    if (message.role === 'tool' && typeof message.content === 'string') {
      results.push(JSON.parse(message.content) as unknown);
    }
  }
  return results;
}

/**
 * A local OpenAI-compatible server (POST /v1/chat/completions, non-streaming) that plays a script:
 * each request takes the next step. Stands in for a model provider across the network.
 */
export async function startFakeModel() {
  const script: ModelStep[] = [];
  const requests: ModelRequest[] = [];
  let calls = 0;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const request: ModelRequest = {
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ModelRequest['body'],
      };
      requests.push(request);
      const step = script.shift() ?? { text: 'The script has no more steps.' };
      calls += 1;
      if ('hangMs' in step) {
        const timer = setTimeout(() => res.writeHead(200).end('{}'), step.hangMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      if ('status' in step) {
        res
          .writeHead(step.status, { 'content-type': 'application/json' })
          .end(step.body ?? JSON.stringify({ error: { message: 'scripted failure' } }));
        return;
      }
      const message =
        'text' in step
          ? {
              role: 'assistant',
              content: typeof step.text === 'function' ? step.text(request) : step.text,
            }
          : {
              role: 'assistant',
              content: null,
              tool_calls: step.toolCalls.map((call, index) => ({
                id: `call_${calls}_${index}`,
                type: 'function',
                function: { name: call.name, arguments: JSON.stringify(call.arguments) },
              })),
            };
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${calls}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.body.model,
          choices: [
            {
              index: 0,
              message,
              finish_reason: 'text' in step ? 'stop' : 'tool_calls',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Replaces what the next requests get. */
    play(...steps: ModelStep[]) {
      script.splice(0, script.length, ...steps);
      requests.splice(0);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
