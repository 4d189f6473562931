import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The frame of the signed-out screens: the product's name, the screen's title, its form and links. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Typography variant="overline" color="primary" component="p">
          MedRef Admin
        </Typography>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

/** The way back to /login under a signed-out screen's form or message. */
export function BackToSignIn() {
  return (
    <Typography variant="body2" sx={{ mt: 2 }}>
      <Link component={RouterLink} to="/login">
        Back to sign in
      </Link>
    </Typography>
  );
}
