import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { TEAM_MEMBERS } from './team';

/** "See the full AI roster": a dialog listing each member and what it does. */
export function AiRosterDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary">See the full AI roster</Button>
      </DialogTrigger>
      <DialogContent
        title="The full AI roster"
        description="Beth and the three managers, and what each one does for your trip."
      >
        <ul className="grid gap-5">
          {TEAM_MEMBERS.map((member) => (
            <li key={member.id}>
              <h3 className="font-bold text-slate-900">
                {member.name} <span className="font-normal text-slate-700">({member.role})</span>
              </h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
                {member.duties.map((duty) => (
                  <li key={duty}>{duty}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
