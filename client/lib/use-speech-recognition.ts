import { useCallback, useEffect, useRef, useState } from 'react';
import { useClientValue } from './use-client-value';

// The Web Speech API is not in TypeScript's DOM library: these are the parts used here.
interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative;
}
interface RecognitionEvent extends Event {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: RecognitionResult };
}
interface RecognitionErrorEvent extends Event {
  readonly error: string;
}
interface Recognition extends EventTarget {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

/** What to tell a person for each error the Web Speech API reports. */
const ERROR_MESSAGES: Record<string, string> = {
  'not-allowed': 'Microphone access was blocked. Allow the microphone for this site and try again.',
  'service-not-allowed': 'This browser does not allow speech recognition here.',
  'no-speech': 'No speech was heard. Try again and speak after the tone.',
  'audio-capture': 'No microphone was found.',
  network: 'Speech recognition needs a network connection in this browser.',
  'language-not-supported': 'Speech recognition does not support this language here.',
};

export type SpeechState = 'unsupported' | 'idle' | 'listening';

/**
 * The browser's speech recognition (SpeechRecognition or webkitSpeechRecognition). `onFinal`
 * receives the whole transcript once the person stops speaking or presses Stop.
 */
export function useSpeechRecognition(onFinal: (transcript: string) => void) {
  const supported = useClientValue(() => recognitionConstructor() !== undefined, false);
  const [listening, setListening] = useState(false);
  const [transcript, setTranscript] = useState('');
  const [error, setError] = useState<string | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const onFinalRef = useRef(onFinal);
  useEffect(() => {
    onFinalRef.current = onFinal;
  }, [onFinal]);

  useEffect(() => () => recognition.current?.abort(), []);

  const start = useCallback(() => {
    const Constructor = recognitionConstructor();
    if (!Constructor || recognition.current) return;
    const r = new Constructor();
    r.lang = document.documentElement.lang || navigator.language || 'en-US';
    r.interimResults = true;
    r.continuous = false;
    r.maxAlternatives = 1;
    let finalText = '';
    r.onresult = (event) => {
      let interim = '';
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i]!;
        if (result.isFinal) finalText += result[0]!.transcript;
        else interim += result[0]!.transcript;
      }
      setTranscript((finalText + interim).trim());
    };
    r.onerror = (event) => {
      // "aborted" is our own Stop or unmount, not a failure to report.
      if (event.error !== 'aborted') {
        setError(ERROR_MESSAGES[event.error] ?? 'Voice search stopped unexpectedly. Try again.');
      }
    };
    r.onend = () => {
      recognition.current = null;
      setListening(false);
      if (finalText.trim()) onFinalRef.current(finalText.trim());
    };
    setError(null);
    setTranscript('');
    recognition.current = r;
    try {
      r.start();
      setListening(true);
    } catch {
      recognition.current = null;
      setError('Voice search could not start. Try again.');
    }
  }, []);

  const stop = useCallback(() => {
    // stop() (not abort()) lets the browser deliver what it heard so far.
    recognition.current?.stop();
  }, []);

  const state: SpeechState = !supported ? 'unsupported' : listening ? 'listening' : 'idle';
  return { state, transcript, error, start, stop };
}
