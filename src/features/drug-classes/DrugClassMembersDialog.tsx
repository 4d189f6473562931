import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RemoveIcon from '@mui/icons-material/DeleteOutlined';
import {
  useAddDrugClassMemberMutation,
  useGetDrugClassQuery,
  useRemoveDrugClassMemberMutation,
  type DrugClass,
  type DrugClassMember,
} from '@/api';
import { FullWidthDialog } from '@/components/FullWidthDialog';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { useDialogOutcome } from '@/components/crud/useDialogOutcome';
import { RecordPicker } from '@/components/pickers/RecordPicker';
import { LazyImpactPanel as ImpactPanel } from '@/features/test-prescriptions';
import { useCanWrite } from '@/session/permissions';

export const MEMBERS_TITLE = 'Class Members';
export const REMOVE_MEMBER_TITLE = 'Remove Member';
export const REMOVE_MEMBER_MESSAGE =
  'Are you sure you want to remove this medication from the class?';

interface DrugClassMembersDialogProps {
  /** The class as its row showed it: its members show at once, then as the server has them. */
  drugClass: DrugClass;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * A class's members: each with a Remove button (after a confirm showing the removal's impact on
 * the test prescriptions), and a medication search that adds the medication picked. Each change is
 * sent at once; the class is asked for again after it (its cache tag), so the list shows what the
 * server holds. What a change did is also said inside the dialog: while it is open, the toasts are
 * hidden from assistive technology. A viewer sees the members only.
 */
export function DrugClassMembersDialog({
  drugClass,
  open,
  onClose,
  onExited,
}: DrugClassMembersDialogProps) {
  const { data } = useGetDrugClassQuery({ id: drugClass.id });
  const current = data?.data ?? drugClass;
  const [addMember] = useAddDrugClassMemberMutation();
  const [removeMember] = useRemoveDrugClassMemberMutation();
  const [removing, setRemoving] = useState<{ member: DrugClassMember; open: boolean } | null>(null);
  const { change, success, failure } = useDialogOutcome();
  const canWrite = useCanWrite();
  const memberIds = new Set(current.members.map((member) => member.medication_id));

  return (
    <FullWidthDialog open={open} onClose={onClose} onExited={onExited} title={MEMBERS_TITLE}>
      <DialogContent>
        {success}
        <Stack spacing={2}>
          <Typography sx={{ fontWeight: 600 }}>{current.name}</Typography>
          {failure}
          {current.members.length === 0 ? (
            <Typography color="text.secondary">No members yet.</Typography>
          ) : (
            <List dense disablePadding aria-label={`Members of ${current.name}`}>
              {current.members.map((member) => (
                <ListItem
                  key={member.id}
                  disableGutters
                  secondaryAction={
                    canWrite && (
                      <IconButton
                        edge="end"
                        aria-label={`Remove ${member.name}`}
                        onClick={() => setRemoving({ member, open: true })}
                      >
                        <RemoveIcon />
                      </IconButton>
                    )
                  }
                >
                  <ListItemText primary={member.name} />
                </ListItem>
              ))}
            </List>
          )}
          {canWrite && (
            <RecordPicker
              source="medication"
              label="Add a medication"
              value={null}
              clearOnPick
              isHidden={(option) => memberIds.has(option.id)}
              onChange={(option) => {
                if (!option) return;
                // A refusal (already a member) is said in the dialog: nothing more to do.
                change(
                  addMember({
                    drugClassMemberCreate: { drug_class_id: current.id, medication_id: option.id },
                  }),
                  'Medication added to the class',
                  'The medication could not be added',
                ).catch(() => undefined);
              }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {removing && (
        <ConfirmDialog
          open={removing.open}
          title={REMOVE_MEMBER_TITLE}
          message={REMOVE_MEMBER_MESSAGE}
          details={removing.member.name}
          confirmLabel="Remove"
          preview={
            <ImpactPanel
              change={{ operation: 'removeDrugClassMember', body: { id: removing.member.id } }}
            />
          }
          onConfirm={() =>
            change(
              removeMember({ idBody: { id: removing.member.id } }),
              'Medication removed from the class',
              'The medication could not be removed',
            )
          }
          onClose={() => setRemoving((shown) => shown && { ...shown, open: false })}
          onExited={() => setRemoving(null)}
        />
      )}
    </FullWidthDialog>
  );
}
