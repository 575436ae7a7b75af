import { Mic, MicOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { useSpeechRecognition } from '../../lib/use-speech-recognition';

/** Spec §2 "Squawk It Out": speak the trip instead of typing it. */
export function VoiceSearch({ voice }: { voice: ReturnType<typeof useSpeechRecognition> }) {
  const listening = voice.state === 'listening';
  return (
    <div>
      <h3 className="font-bold text-slate-900">Squawk It Out</h3>
      {voice.state === 'unsupported' ? (
        <>
          <Button
            variant="secondary"
            className="mt-2"
            aria-disabled="true"
            aria-describedby="voice-unsupported"
          >
            <MicOff aria-hidden="true" className="size-4" />
            Voice search unavailable
          </Button>
          <p id="voice-unsupported" className="mt-2 text-sm text-slate-700">
            This browser has no speech recognition. Type your trip above, or try Chrome, Edge or
            Safari.
          </p>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Say where you are going, for example &ldquo;from Denver to Banff with wheelchair
            access&rdquo;.
          </p>
          <Button
            variant={listening ? 'destructive' : 'secondary'}
            className={cn('mt-2', listening && 'motion-safe:animate-pulse')}
            onClick={listening ? voice.stop : voice.start}
          >
            <Mic aria-hidden="true" className="size-4" />
            {listening ? 'Stop Listening' : 'Start Voice Search'}
          </Button>
          <div role="status" className="mt-2 min-h-6 text-sm text-slate-800">
            {listening ? (
              <span>
                Listening{voice.transcript ? `: “${voice.transcript}”` : '... speak now.'}
              </span>
            ) : voice.error ? (
              <span className="font-medium text-red-800">{voice.error}</span>
            ) : voice.transcript ? (
              <span>Heard: “{voice.transcript}”</span>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
