export { cn } from './cn.ts';
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from './button.tsx';
export { Badge, type BadgeVariant } from './badge.tsx';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card.tsx';
export { Skeleton } from './skeleton.tsx';
export { Input, Label } from './input.tsx';
export { Textarea } from './textarea.tsx';
export { Checkbox } from './checkbox.tsx';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';
export { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from './select.tsx';
export { Collapsible, CollapsibleContent, CollapsibleTrigger } from './collapsible.tsx';
export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogTitle,
  DialogTrigger,
  type DialogContentProps,
} from './dialog.tsx';
export {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  type ToastProps,
  type ToastVariant,
} from './toast.tsx';
export {
  dismissToast,
  toast,
  useToast,
  TOAST_DURATION,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_SWIPE_THRESHOLD,
  type ToastOptions,
  type ToasterToast,
} from './use-toast.ts';
export { Toaster } from './toaster.tsx';
export {
  applyTheme,
  readStoredTheme,
  setTheme,
  useDocumentTheme,
  useTheme,
  DEFAULT_THEME,
  THEME_STORAGE_KEY,
  type Theme,
} from './theme.ts';
export { ThemeToggle } from './theme-toggle.tsx';
export { Alert, AlertDescription, AlertTitle, type AlertVariant } from './alert.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';
export { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from './table.tsx';
export { Progress } from './progress.tsx';
export { ApiError, createApiClient, errorMessage, isApiError, type ApiClientOptions, type RequestOptions } from './api-client.ts';
