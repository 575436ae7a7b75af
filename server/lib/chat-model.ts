import { createOpenAICompatible } from '@ai-sdk/openai-compatible';

/**
 * The OpenAI-compatible model named by AI_BASE_URL, AI_API_KEY and AI_MODEL. The assistant and the
 * movie writer both talk to it; one factory keeps them on the same provider settings.
 */
export interface ModelEndpoint {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

/** The endpoint and how long a whole answer (all its tool steps) may take before the built-in one is used. */
export interface ModelSettings extends ModelEndpoint {
  timeoutMs: number;
}

/** The configured model's chat endpoint, for the Vercel AI SDK (`generateText({ model })`). */
export function configuredChatModel(endpoint: ModelEndpoint) {
  const provider = createOpenAICompatible({
    name: 'configured-model',
    baseURL: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
  });
  return provider.chatModel(endpoint.model);
}
