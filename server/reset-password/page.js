// The page behind the password-reset link (PUBLIC_URL/reset-password?token=…): sets the new
// password through POST /v1/auth/reset-password and shows what the API answered. The token is
// taken out of the address bar at once, so it does not stay in the history or get bookmarked.
const token = new URLSearchParams(location.search).get('token');
if (token !== null) history.replaceState(null, '', location.pathname);

const form = document.getElementById('reset');
const outcome = document.getElementById('outcome');

function show(state, text) {
  outcome.dataset.state = state;
  outcome.textContent = text;
}

if (!token) {
  form.hidden = true;
  show('error', 'This link has no reset token. Ask for a new password-reset e-mail and use the link in it.');
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const password = document.getElementById('password').value;
  if (password !== document.getElementById('confirm').value) {
    show('error', 'The two passwords differ.');
    return;
  }
  const button = form.querySelector('button');
  button.disabled = true;
  show('', 'Setting the password…');
  try {
    const res = await fetch('/v1/auth/reset-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, password }),
    });
    const body = await res.json();
    if (res.ok) {
      form.hidden = true;
      show('ok', body.message);
    } else {
      show('error', body.error.message);
    }
  } catch {
    show('error', 'The service could not be reached; try again in a moment.');
  } finally {
    button.disabled = false;
  }
});
