import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $adminProblem, clearAdminProblem } from '../../stores/adminTable';
import styles from './Admin.module.scss';

/** The server's refusal of the last action on this screen (the last admin, oneself), until the next action. */
export default function ProblemLine() {
  const problem = useStore($adminProblem);
  useEffect(() => clearAdminProblem(), []);
  return (
    <p className={styles.problem} role="alert" hidden={!problem}>
      {problem}
    </p>
  );
}
