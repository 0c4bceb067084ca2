import classes from './agent-logo.module.css';

/** An agent's logo image; in the dark scheme on a light backplate (agent-logo.module.css). */
export function AgentLogo({ src, alt, height, maxWidth, onError }: { src: string; alt: string; height: number; maxWidth: number; onError?: () => void }) {
  return <img src={src} alt={alt} className={classes.logo} style={{ height, maxWidth }} onError={onError} data-agent-logo />;
}
