import { Alert, AlertTitle, Box, Link } from '@mui/material';
import { type FormProblem, goToField } from '../lib/use-form-problems';

interface Props {
  problems: FormProblem[];
  title: string;
  text: string;
}

/**
 * Beside a form's submit button, after a refused submit: what is still to put right, each field
 * by its label, a tap away. On a phone the fields can be screens above the button.
 */
export function FormProblems({ problems, title, text }: Props) {
  if (problems.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      <AlertTitle>{title}</AlertTitle>
      {text}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {problems.map((problem) => (
          <li key={`${problem.label}|${problem.element.id}`}>
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => goToField(problem.element)}
              sx={{ color: 'inherit', textAlign: 'start' }}
            >
              {problem.label}
            </Link>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
