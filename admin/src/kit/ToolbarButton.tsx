import type { ReactElement, ReactNode } from 'react';
import { Button, type ButtonProps } from '@mui/material';

export interface ToolbarButtonProps extends Omit<ButtonProps, 'startIcon' | 'size'> {
  /** Required: every toolbar button shows an icon before its text. */
  icon: ReactElement;
  children: ReactNode;
}

/** A toolbar's button: small, outlined unless told, icon first. */
export function ToolbarButton({ icon, variant = 'outlined', children, ...rest }: ToolbarButtonProps) {
  return (
    <Button size="small" variant={variant} startIcon={icon} {...rest}>
      {children}
    </Button>
  );
}
