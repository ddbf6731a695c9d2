//! HTTPS on its own: `tapis serve --tls-cert FILE --tls-key FILE` serves a certificate of one's
//! own; `tapis serve --domain NAME` obtains one through ACME (Let's Encrypt by default) and
//! renews it, with nothing else to install. Plain HTTP on another address (`--http-addr`, port 80
//! for a domain) only redirects to HTTPS, and every HTTPS answer carries HSTS.
//!
//! **Challenges on the HTTPS port itself.** The ACME server checks that we hold the name by
//! connecting to port 443 with the ALPN protocol `acme-tls/1` (TLS-ALPN-01, RFC 8737): rustls-acme's
//! resolver answers such a handshake with the challenge's certificate, and the connection is then
//! closed; every other handshake gets the site's certificate. So renewal needs no second port and
//! no pause in service.
//!
//! **The first certificate before anything else.** With no valid certificate kept from an
//! earlier start, the server answers challenges on its HTTPS address and waits for the
//! certificate before it opens its store: a name that cannot be validated (it does not point
//! here, port 443 is not reachable) stops the start with one line saying why, having written
//! nothing (the ACME account is written only with the first certificate). Afterwards the
//! certificate is renewed once two thirds of its life have passed (rustls-acme's rule: 30 days
//! before a 90-day certificate ends); a failed renewal is logged, counted in the metrics, and
//! tried again with a growing pause, while the current certificate is still served.
//!
//! **Kept in the data folder.** `DATA/acme/` holds the account's key and the certificate with its
//! key, readable by the server's user only, written under another name and renamed into place.

use crate::metrics::METRICS;
use anyhow::{Context, anyhow, bail};
use futures_util::StreamExt;
use rustls::ServerConfig;
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::sign::CertifiedKey;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Where the certificate comes from.
#[derive(Clone, Debug)]
pub enum Tls {
    /// PEM files of one's own (a certificate chain, its private key).
    Files { cert: PathBuf, key: PathBuf },
    /// Obtained and renewed through ACME.
    Acme(Acme),
}

/// How to reach the ACME server, and for which names.
#[derive(Clone, Debug)]
pub struct Acme {
    /// The names the certificate covers (checked by [`check_domain`]).
    pub domains: Vec<String>,
    /// The ACME directory's URL.
    pub directory: String,
    /// Who the ACME server may write to about the certificate (`mailto:…`).
    pub contact: Vec<String>,
    /// A PEM root to trust for the ACME server's own HTTPS instead of the usual roots: a private
    /// ACME server, or a test one.
    pub root: Option<PathBuf>,
}

/// Let's Encrypt's production directory, the default.
pub const LETS_ENCRYPT: &str = rustls_acme::acme::LETS_ENCRYPT_PRODUCTION_DIRECTORY;

/// HSTS: a year, this host only (another site under the same name is not ours to decide for).
pub const HSTS: &str = "max-age=31536000";

/// How long a TLS handshake may take (as a request's header may).
pub const HANDSHAKE_WITHIN: Duration = Duration::from_secs(10);

/// How long the first certificate may take to come: an ACME server validates in seconds.
pub const FIRST_CERTIFICATE_WITHIN: Duration = Duration::from_secs(180);

fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// Whether `name` can be a certificate's DNS name: labels of letters, digits and hyphens (not
/// at either end), at least two of them, 253 characters at most, not an address. The name
/// lowercased, or why not.
pub fn check_domain(name: &str) -> Result<String, String> {
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    let label_ok = |l: &str| {
        (1..=63).contains(&l.len())
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    if name.parse::<std::net::IpAddr>().is_ok() {
        return Err(format!("--domain {name} is an address: a certificate through ACME needs a name"));
    }
    if name.len() > 253 || !name.split('.').all(label_ok) || !name.contains('.') {
        return Err(format!(
            "--domain {name:?} is not a domain name (such as cartes.example.org: letters, digits and hyphens, \
             two labels or more)"
        ));
    }
    if name.rsplit('.').next().is_some_and(|tld| tld.bytes().all(|b| b.is_ascii_digit())) {
        return Err(format!("--domain {name} is not a domain name: its last label is a number"));
    }
    Ok(name)
}

/// The end of a certificate's validity, in seconds since 1970.
fn not_after(cert: &CertificateDer<'_>) -> Option<i64> {
    let (_, parsed) = x509_parser::parse_x509_certificate(cert.as_ref()).ok()?;
    Some(parsed.validity().not_after.timestamp())
}

fn now_unix() -> i64 {
    #[allow(clippy::disallowed_methods)] // a certificate's validity is wall-clock time, outside the engine
    let now = std::time::SystemTime::now();
    now.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// A certificate and key of one's own, checked: readable, PEM, a key that signs for the
/// certificate, and still valid. Each failure is one sentence naming the file.
pub fn load_files(cert: &Path, key: &Path) -> anyhow::Result<Arc<CertifiedKey>> {
    let read = |path: &Path, flag: &str| {
        std::fs::read(path).map_err(|e| anyhow!("cannot read {flag} {}: {e}", path.display()))
    };
    let (cert_pem, key_pem) = (read(cert, "--tls-cert")?, read(key, "--tls-key")?);
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&cert_pem)
        .collect::<Result<_, _>>()
        .map_err(|e| anyhow!("--tls-cert {} is not a PEM certificate chain: {e}", cert.display()))?;
    if chain.is_empty() {
        bail!("--tls-cert {} holds no certificate (a PEM file with BEGIN CERTIFICATE)", cert.display());
    }
    let private = PrivateKeyDer::from_pem_slice(&key_pem)
        .map_err(|_| anyhow!("--tls-key {} holds no private key (a PEM file with BEGIN PRIVATE KEY)", key.display()))?;
    let ends = not_after(&chain[0])
        .ok_or_else(|| anyhow!("--tls-cert {}: its first certificate cannot be read", cert.display()))?;
    let certified = CertifiedKey::from_der(chain, private, &provider()).map_err(|e| match e {
        rustls::Error::InconsistentKeys(_) => {
            anyhow!("--tls-key {} is not the key of the certificate in {}", key.display(), cert.display())
        }
        e => anyhow!("--tls-key {} cannot be used: {e}", key.display()),
    })?;
    if ends <= now_unix() {
        bail!("the certificate in --tls-cert {} has expired", cert.display());
    }
    METRICS.certificate_expiry.store(ends as u64, Ordering::Relaxed);
    Ok(Arc::new(certified))
}

/// The server side of HTTPS: the handshake's settings.
#[derive(Clone)]
pub struct Https {
    acceptor: tokio_rustls::TlsAcceptor,
}

/// HTTP/1.1 only (the server speaks nothing else), and ACME's challenge protocol.
fn server_config(resolver: Arc<dyn rustls::server::ResolvesServerCert>) -> anyhow::Result<Arc<ServerConfig>> {
    let mut config = ServerConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_cert_resolver(resolver);
    config.alpn_protocols = vec![b"http/1.1".to_vec(), rustls_acme::acme::ACME_TLS_ALPN_NAME.to_vec()];
    Ok(Arc::new(config))
}

/// A certificate of one's own, read again when its files change (another ACME client renewed
/// it): looked at once a minute at most, on a handshake. Files that do not read back whole are
/// logged and the certificate in use stays.
#[derive(Debug)]
struct Files {
    cert: PathBuf,
    key: PathBuf,
    current: Mutex<Current>,
}

#[derive(Debug)]
struct Current {
    certified: Arc<CertifiedKey>,
    changed: Option<(std::time::SystemTime, std::time::SystemTime)>,
    looked: tokio::time::Instant,
}

/// How often the files of `--tls-cert` and `--tls-key` are looked at.
const LOOK_EVERY: Duration = Duration::from_secs(60);

impl Files {
    fn changed(&self) -> Option<(std::time::SystemTime, std::time::SystemTime)> {
        let at = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
        Some((at(&self.cert)?, at(&self.key)?))
    }
}

impl rustls::server::ResolvesServerCert for Files {
    fn resolve(&self, _: rustls::server::ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        if current.looked.elapsed() >= LOOK_EVERY {
            current.looked = tokio::time::Instant::now();
            let changed = self.changed();
            if changed.is_some() && changed != current.changed {
                current.changed = changed;
                match load_files(&self.cert, &self.key) {
                    Ok(certified) => {
                        tracing::info!(cert = %self.cert.display(), "the certificate's files changed: serving the new one");
                        current.certified = certified;
                    }
                    Err(e) => {
                        tracing::error!("the certificate's files changed but cannot be used, the old one stays: {e:#}")
                    }
                }
            }
        }
        Some(current.certified.clone())
    }
}

impl Https {
    /// HTTPS with a certificate of one's own, read from `cert` and `key` (and again when they
    /// change); an error names the file at fault.
    pub fn with_files(cert: &Path, key: &Path) -> anyhow::Result<Https> {
        let files = Files {
            cert: cert.to_path_buf(),
            key: key.to_path_buf(),
            current: Mutex::new(Current {
                certified: load_files(cert, key)?,
                changed: None,
                looked: tokio::time::Instant::now(),
            }),
        };
        let changed = files.changed();
        files.current.lock().unwrap_or_else(|e| e.into_inner()).changed = changed;
        Ok(Https { acceptor: tokio_rustls::TlsAcceptor::from(server_config(Arc::new(files))?) })
    }

    /// The handshake, within [`HANDSHAKE_WITHIN`]: the stream, or `None` when it failed, timed out
    /// or was an ACME challenge (answered by the handshake itself).
    pub async fn handshake<IO>(&self, io: IO) -> Option<tokio_rustls::server::TlsStream<IO>>
    where
        IO: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
    {
        match tokio::time::timeout(HANDSHAKE_WITHIN, self.acceptor.accept(io)).await {
            Ok(Ok(stream)) => {
                let challenge = stream.get_ref().1.alpn_protocol() == Some(rustls_acme::acme::ACME_TLS_ALPN_NAME);
                (!challenge).then_some(stream)
            }
            _ => {
                METRICS.tls_handshake_failures.fetch_add(1, Ordering::Relaxed);
                None
            }
        }
    }
}

/// The ACME account's key and the certificates, under `DATA/acme/`, one pair of files per
/// directory and set of names. The account is written only along with the first certificate, so
/// that an attempt that fails leaves nothing.
struct Kept {
    dir: PathBuf,
    account: Mutex<Option<(PathBuf, Vec<u8>)>>,
}

fn hashed(parts: &[String], directory: &str) -> String {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    hash.update(directory.as_bytes());
    hash.finalize().iter().take(12).map(|b| format!("{b:02x}")).collect()
}

impl Kept {
    fn account_file(&self, contact: &[String], directory: &str) -> PathBuf {
        self.dir.join(format!("account-{}.key", hashed(contact, directory)))
    }

    fn cert_file(&self, domains: &[String], directory: &str) -> PathBuf {
        self.dir.join(format!("certificate-{}.pem", hashed(domains, directory)))
    }

    fn read(path: &Path) -> Result<Option<Vec<u8>>, std::io::Error> {
        match std::fs::read(path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Written beside under another name, readable by this user only, flushed, renamed.
    fn write(path: &Path, bytes: &[u8]) -> Result<(), std::io::Error> {
        use std::io::Write;
        use std::os::unix::fs::OpenOptionsExt;
        let dir = path.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir)?;
        let partial = path.with_extension("partial");
        let mut file =
            std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(&partial)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&partial, path)?;
        std::fs::File::open(dir)?.sync_all()
    }
}

/// The expiry a certificate PEM from rustls-acme (its key first, then the chain) gives.
fn pem_expiry(pem: &[u8]) -> Option<i64> {
    let first = CertificateDer::pem_slice_iter(pem).next()?.ok()?;
    not_after(&first)
}

#[async_trait::async_trait]
impl rustls_acme::CertCache for Kept {
    type EC = std::io::Error;

    async fn load_cert(&self, domains: &[String], directory: &str) -> Result<Option<Vec<u8>>, Self::EC> {
        let pem = Kept::read(&self.cert_file(domains, directory))?;
        // One that has expired is not offered: a new one is obtained before the server serves.
        Ok(pem.filter(|pem| pem_expiry(pem).is_some_and(|ends| ends > now_unix())))
    }

    async fn store_cert(&self, domains: &[String], directory: &str, cert: &[u8]) -> Result<(), Self::EC> {
        let account = self.account.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some((path, key)) = account {
            Kept::write(&path, &key)?;
        }
        Kept::write(&self.cert_file(domains, directory), cert)
    }
}

#[async_trait::async_trait]
impl rustls_acme::AccountCache for Kept {
    type EA = std::io::Error;

    async fn load_account(&self, contact: &[String], directory: &str) -> Result<Option<Vec<u8>>, Self::EA> {
        Kept::read(&self.account_file(contact, directory))
    }

    async fn store_account(&self, contact: &[String], directory: &str, account: &[u8]) -> Result<(), Self::EA> {
        *self.account.lock().unwrap_or_else(|e| e.into_inner()) =
            Some((self.account_file(contact, directory), account.to_vec()));
        Ok(())
    }
}

type State = rustls_acme::AcmeState<std::io::Error, std::io::Error>;

/// Why an order failed, in one clause: the ACME server's own words where it gave them.
fn order_failure(error: &rustls_acme::OrderError) -> String {
    use rustls_acme::OrderError;
    let problem = |p: &rustls_acme::acme::Problem| {
        p.detail.clone().or_else(|| p.typ.clone()).unwrap_or_else(|| "no reason given".to_string())
    };
    match error {
        OrderError::BadAuth(auth) => {
            let why = auth.challenges.iter().find_map(|c| c.error.as_ref()).map(problem);
            format!("the name could not be validated: {}", why.unwrap_or_else(|| format!("{:?}", auth.status)))
        }
        OrderError::BadOrder(order) => {
            format!(
                "the order was refused: {}",
                order.error.as_ref().map(problem).unwrap_or_else(|| "no reason given".into())
            )
        }
        OrderError::TooManyAttemptsAuth(name) => format!("{name} stayed unvalidated too long"),
        OrderError::Acme(e) => format!("{e}").replace('\n', " "),
        e => e.to_string().replace('\n', " "),
    }
}

/// The rustls-acme state for `acme`, keeping its files under `data`.
fn acme_state(acme: &Acme, data: &Path) -> anyhow::Result<State> {
    let config = match &acme.root {
        None => rustls_acme::AcmeConfig::new_with_provider(&acme.domains, provider()),
        Some(root) => {
            let pem = std::fs::read(root).map_err(|e| anyhow!("cannot read --acme-root {}: {e}", root.display()))?;
            let mut roots = rustls::RootCertStore::empty();
            for cert in CertificateDer::pem_slice_iter(&pem) {
                let cert = cert.map_err(|e| anyhow!("--acme-root {} is not PEM: {e}", root.display()))?;
                roots.add(cert).map_err(|e| anyhow!("--acme-root {}: {e}", root.display()))?;
            }
            if roots.is_empty() {
                bail!("--acme-root {} holds no certificate", root.display());
            }
            let client = rustls::ClientConfig::builder_with_provider(provider())
                .with_safe_default_protocol_versions()?
                .with_root_certificates(roots)
                .with_no_client_auth();
            rustls_acme::AcmeConfig::new_with_client_config(&acme.domains, Arc::new(client))
        }
    };
    let kept = Kept { dir: data.join("acme"), account: Mutex::new(None) };
    Ok(config.directory(&acme.directory).contact(&acme.contact).cache(kept).state())
}

/// What one step of the ACME state did.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    /// The certificate kept from before is served.
    Kept,
    /// A new certificate is served (it is written into the data folder next).
    New,
    /// The new certificate (and the account with the first one) is written.
    Stored,
    Other,
}

/// One step of the ACME state, logged and counted; `Err` with the reason when it failed.
fn note(event: rustls_acme::Event<std::io::Error, std::io::Error>, names: &str) -> Result<Step, String> {
    use rustls_acme::{EventError, EventOk};
    match event {
        Ok(EventOk::DeployedCachedCert) => {
            tracing::info!(domain = %names, "serving the certificate kept from before");
            Ok(Step::Kept)
        }
        Ok(EventOk::DeployedNewCert) => {
            METRICS.certificates_obtained.fetch_add(1, Ordering::Relaxed);
            tracing::info!(domain = %names, "a new certificate is served");
            Ok(Step::New)
        }
        Ok(EventOk::CertCacheStore) => Ok(Step::Stored),
        Ok(_) => Ok(Step::Other),
        Err(EventError::Order(e)) => {
            METRICS.certificate_failures.fetch_add(1, Ordering::Relaxed);
            Err(order_failure(&e))
        }
        Err(EventError::CertCacheStore(e) | EventError::AccountCacheStore(e)) => {
            Err(format!("cannot write the certificate into the data folder: {e}"))
        }
        Err(e) => Err(e.to_string()),
    }
}

/// A certificate PEM written by the cache: its expiry into the metrics.
fn note_expiry(acme: &Acme, data: &Path) {
    let kept = Kept { dir: data.join("acme"), account: Mutex::new(None) };
    if let Ok(Some(pem)) = Kept::read(&kept.cert_file(&acme.domains, &acme.directory))
        && let Some(ends) = pem_expiry(&pem)
    {
        METRICS.certificate_expiry.store(ends as u64, Ordering::Relaxed);
    }
}

/// HTTPS through ACME: a certificate kept from before if still valid, or a new one obtained
/// while challenges are answered on `listener`. Then renewals go on in the background until
/// `stopping` turns true. An order that fails before the first certificate is the error.
pub async fn obtain(
    acme: &Acme,
    data: &Path,
    listener: &tokio::net::TcpListener,
    stopping: tokio::sync::watch::Receiver<bool>,
) -> anyhow::Result<Https> {
    let names = acme.domains.join(",");
    let mut state = acme_state(acme, data)?;
    let https = Https { acceptor: tokio_rustls::TlsAcceptor::from(server_config(state.resolver())?) };
    tracing::info!(domain = %names, directory = %acme.directory, "obtaining a certificate through ACME");
    let first = async {
        loop {
            tokio::select! {
                event = state.next() => {
                    let Some(event) = event else { bail!("the ACME state ended") };
                    match note(event, &names) {
                        // A new one is ready once written: a restart finds it.
                        Ok(Step::Kept | Step::Stored) => return Ok(()),
                        Ok(Step::New | Step::Other) => {}
                        Err(why) => bail!("{why}"),
                    }
                }
                accepted = listener.accept() => {
                    // Only challenges are answered until there is a certificate to serve.
                    if let Ok((stream, _)) = accepted {
                        let https = https.clone();
                        tokio::spawn(async move { https.handshake(stream).await });
                    }
                }
            }
        }
    };
    match tokio::time::timeout(FIRST_CERTIFICATE_WITHIN, first).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => {
            return Err(e).context(format!("cannot obtain a certificate for {names} from {}", acme.directory));
        }
        Err(_) => bail!(
            "cannot obtain a certificate for {names} from {}: no answer within {} s",
            acme.directory,
            FIRST_CERTIFICATE_WITHIN.as_secs()
        ),
    }
    note_expiry(acme, data);
    tokio::spawn(renew(state, names, acme.clone(), data.to_path_buf(), stopping));
    Ok(https)
}

/// Renewals, until the server stops: rustls-acme sleeps until two thirds of the certificate's
/// life, orders, and retries a failure with a pause doubling from 1 s up to 18 hours.
async fn renew(
    mut state: State,
    names: String,
    acme: Acme,
    data: PathBuf,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        let event = tokio::select! {
            event = state.next() => event,
            _ = crate::stopped(&mut stopping) => return,
        };
        let Some(event) = event else { return };
        match note(event, &names) {
            Ok(Step::Stored) => note_expiry(&acme, &data),
            Ok(_) => {}
            Err(why) => tracing::error!(domain = %names, "renewing the certificate failed, tried again later: {why}"),
        }
    }
}

/// Connections the redirecting listener holds at once.
const REDIRECT_CONNECTIONS: usize = 1024;

/// Where a plain-HTTP request is sent: the same host (one of `domains` when given, the first
/// otherwise) and path over HTTPS, on `https_port`.
pub fn https_location(host: Option<&str>, path: &str, https_port: u16, domains: &[String]) -> String {
    // The host without its port; an IPv6 literal keeps its brackets.
    let host = host.map(|h| match h.rsplit_once(':') {
        Some((name, port)) if !name.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) && !name.ends_with(':') => {
            name
        }
        _ => h,
    });
    let host = match (host, domains.first()) {
        (Some(h), Some(first)) => domains.iter().find(|d| d.eq_ignore_ascii_case(h)).unwrap_or(first).clone(),
        (None, Some(first)) => first.clone(),
        (Some(h), None) => h.to_string(),
        (None, None) => "localhost".to_string(),
    };
    let port = if https_port == 443 { String::new() } else { format!(":{https_port}") };
    let path = if path.starts_with('/') { path } else { "/" };
    format!("https://{host}{port}{path}")
}

/// Plain HTTP on `listener`: every request is answered with a permanent redirect to HTTPS
/// (308, so that a POST stays a POST), until `stopping` turns true. Slow clients get the same
/// header timeout as the server's own, and at most [`REDIRECT_CONNECTIONS`] are held.
pub async fn redirect(
    listener: tokio::net::TcpListener,
    https_port: u16,
    domains: Vec<String>,
    header_timeout: Duration,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    let domains = Arc::new(domains);
    let slots = Arc::new(tokio::sync::Semaphore::new(REDIRECT_CONNECTIONS));
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = crate::stopped(&mut stopping) => return,
        };
        let Ok((stream, _)) = accepted else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else { continue };
        let domains = domains.clone();
        let service = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let host = request.headers().get(hyper::header::HOST).and_then(|h| h.to_str().ok());
            let path = request.uri().path_and_query().map_or("/", |p| p.as_str());
            let location = https_location(host, path, https_port, &domains);
            let response = hyper::Response::builder()
                .status(hyper::StatusCode::PERMANENT_REDIRECT)
                .header(hyper::header::LOCATION, location)
                .header(hyper::header::CONTENT_LENGTH, "0")
                .body(axum::body::Body::empty());
            async move { response }
        });
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(header_timeout)
                .keep_alive(false)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            let _ = tokio::time::timeout(header_timeout * 2, connection).await;
            drop(slot);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_domain_is_a_name_of_two_labels_or_more() {
        assert_eq!(check_domain("Cartes.Example.ORG.").unwrap(), "cartes.example.org");
        assert_eq!(check_domain("tapis.test").unwrap(), "tapis.test");
        assert_eq!(check_domain("x.y").unwrap(), "x.y");
        for bad in ["localhost", "192.0.2.7", "::1", "a..b", "-a.b", "a_b.org", "exa mple.org", "a.123", ""] {
            let why = check_domain(bad).unwrap_err();
            assert!(why.starts_with("--domain"), "{bad}: {why}");
        }
    }

    #[test]
    fn plain_http_is_sent_to_the_same_host_and_path_over_https() {
        let domains = vec!["cartes.example.org".to_string(), "www.cartes.example.org".to_string()];
        let at = |host, path, port| https_location(host, path, port, &domains);
        assert_eq!(at(Some("www.cartes.example.org"), "/r/abc?x=1", 443), "https://www.cartes.example.org/r/abc?x=1");
        assert_eq!(at(Some("CARTES.example.org:80"), "/", 443), "https://cartes.example.org/");
        // A host header naming another site is not followed.
        assert_eq!(at(Some("evil.example"), "/", 8443), "https://cartes.example.org:8443/");
        assert_eq!(at(None, "/a", 443), "https://cartes.example.org/a");
        assert_eq!(https_location(Some("127.0.0.1:8080"), "/", 8443, &[]), "https://127.0.0.1:8443/");
        assert_eq!(https_location(Some("[::1]:80"), "/", 443, &[]), "https://[::1]/");
    }
}
