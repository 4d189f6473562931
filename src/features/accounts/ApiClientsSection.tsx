import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  useCreateApiClientMutation,
  useListApiClientsQuery,
  useRevokeApiClientMutation,
  type ApiClient,
} from '@/api';
import { LazyConfirmDialog } from '@/components/crud/LazyConfirmDialog';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';

const when = (at: string | null) => (at ? new Date(at).toLocaleString() : '—');

/**
 * Making an API client: its name, then its secret, shown this once (the server keeps only its
 * hash). Closing the dialog forgets the secret.
 */
export function NewApiClientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateApiClientMutation();
  const run = useMutationFeedback();
  const close = () => {
    setName('');
    setSecret(null);
    onClose();
  };
  const submit = async () => {
    const made = await run(create({ apiClientCreateRequest: { name: name.trim() } })).catch(
      () => undefined,
    );
    if (made) setSecret(made.data.secret);
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>New API client</DialogTitle>
      <DialogContent>
        {secret === null ? (
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Name"
            helperText="The EHR or system that will call the CDS Hooks service"
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Alert severity="warning">
              Copy this secret now: it is not shown again. The EHR sends it as its bearer token.
            </Alert>
            <TextField
              fullWidth
              label="Secret"
              value={secret}
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(event) => event.target.select()}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {secret === null ? (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button
              variant="contained"
              disabled={name.trim() === '' || isLoading}
              onClick={() => void submit()}
            >
              Create
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * Accounts, API clients: the EHRs that call the CDS Hooks service with a secret of their own.
 * An administrator makes one (its secret shown once) and revokes it.
 */
export default function ApiClientsSection() {
  const { data, isError } = useListApiClientsQuery();
  const [revoke] = useRevokeApiClientMutation();
  const run = useMutationFeedback();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<{ client: ApiClient; open: boolean } | null>(null);
  return (
    <Card variant="outlined" component="section" aria-labelledby="api-clients" sx={{ mt: 3 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="api-clients" variant="h6" component="h2">
            API clients
          </Typography>
          <Button variant="outlined" onClick={() => setCreating(true)}>
            New API client
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          EHRs calling the CDS Hooks medication safety service
        </Typography>
        {isError && <Typography color="error">The API clients could not be loaded.</Typography>}
        {data?.data.length === 0 && <Typography variant="body2">No API clients yet.</Typography>}
        {data && data.data.length > 0 && (
          <Table size="small" aria-labelledby="api-clients">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell>Status</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.data.map((client) => (
                <TableRow key={client.id}>
                  <TableCell>{client.name}</TableCell>
                  <TableCell>{when(client.created_at)}</TableCell>
                  <TableCell>{when(client.last_used_at)}</TableCell>
                  <TableCell>
                    {client.revoked_at ? `Revoked ${when(client.revoked_at)}` : 'Active'}
                  </TableCell>
                  <TableCell align="right">
                    {!client.revoked_at && (
                      <Button
                        color="error"
                        size="small"
                        onClick={() => setRevoking({ client, open: true })}
                      >
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <NewApiClientDialog open={creating} onClose={() => setCreating(false)} />
      {revoking && (
        <LazyConfirmDialog
          open={revoking.open}
          title={`Revoke ${revoking.client.name}?`}
          message="Its secret will be refused from now on. This cannot be undone."
          confirmLabel="Revoke"
          destructive
          onConfirm={() =>
            run(revoke({ id: revoking.client.id }), {
              success: serverMessage('API client revoked'),
            })
          }
          onClose={() => setRevoking((current) => current && { ...current, open: false })}
          onExited={() => setRevoking(null)}
        />
      )}
    </Card>
  );
}
