import { forwardRef, useRef, useState, type TouchEvent } from 'react';
import Box from '@mui/material/Box';
import { SnackbarContent, useSnackbar, type CustomContentProps } from 'notistack';

/** A horizontal touch drag past this share of the notification's width dismisses it. */
export const DRAG_DISMISS_SHARE = 0.8;

const ACCENT: Record<CustomContentProps['variant'], string> = {
  default: '#616161',
  success: '#2e7d32',
  error: '#d32f2f',
  warning: '#ed6c02',
  info: '#0288d1',
};

let created = 0;

interface Drag {
  startX: number;
  width: number;
}

/**
 * One notification, light-themed: `role="alert"`, focusable (Alt+T moves focus to the
 * newest), and on touch screens a horizontal drag past 80% of its width dismisses it. notistack itself
 * pauses the timer on hover and while the window has no focus.
 */
export const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast(props, ref) {
  const { id, message, variant, action, iconVariant, hideIconVariant, style, className } = props;
  const { closeSnackbar } = useSnackbar();
  const [order] = useState(() => ++created);
  const [offset, setOffset] = useState(0);
  const drag = useRef<Drag | null>(null);

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    if (!touch) return;
    drag.current = {
      startX: touch.clientX,
      width: event.currentTarget.getBoundingClientRect().width,
    };
  };
  const onTouchMove = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    if (drag.current && touch) setOffset(touch.clientX - drag.current.startX);
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const current = drag.current;
    drag.current = null;
    if (!current) return;
    const endX = event.changedTouches[0]?.clientX ?? current.startX + offset;
    const distance = Math.abs(endX - current.startX);
    if (current.width > 0 && distance > current.width * DRAG_DISMISS_SHARE) {
      closeSnackbar(id);
    } else {
      setOffset(0);
    }
  };
  const onTouchCancel = () => {
    drag.current = null;
    setOffset(0);
  };

  const icon = hideIconVariant ? null : iconVariant[variant];
  const actionNode = typeof action === 'function' ? action(id) : action;

  return (
    <SnackbarContent
      ref={ref}
      role="alert"
      tabIndex={-1}
      data-toast-order={order}
      style={style}
      className={className}
    >
      <Box
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchCancel}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          width: '100%',
          minWidth: { sm: 288 },
          maxWidth: 480,
          py: 0.75,
          pl: 2,
          pr: 1,
          bgcolor: '#fff',
          color: 'rgba(0, 0, 0, 0.87)',
          borderLeft: `4px solid ${ACCENT[variant]}`,
          borderRadius: 1,
          boxShadow: 6,
          fontSize: '0.875rem',
          touchAction: 'pan-y',
          transition: offset === 0 ? 'transform 150ms ease, opacity 150ms ease' : 'none',
          transform: offset === 0 ? undefined : `translateX(${offset}px)`,
          opacity: offset === 0 ? 1 : 0.6,
          '& svg': { color: ACCENT[variant] },
          '[role="alert"]:focus-visible > &': { outline: `2px solid ${ACCENT[variant]}` },
        }}
      >
        {icon}
        <Box sx={{ flexGrow: 1, py: 1 }}>{message}</Box>
        {actionNode}
      </Box>
    </SnackbarContent>
  );
});
