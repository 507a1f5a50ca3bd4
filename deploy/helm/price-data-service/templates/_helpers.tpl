{{/* The release's name for every object, cut to Kubernetes' 63 characters. */}}
{{- define "pds.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* A component's object name: <fullname>-<component>. */}}
{{- define "pds.name" -}}
{{- printf "%s-%s" (include "pds.fullname" .root | trunc 50 | trimSuffix "-") .component -}}
{{- end -}}

{{/* Labels that select a component's pods; never changed after install (selectors are immutable). */}}
{{- define "pds.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "pds.labels" -}}
{{ include "pds.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end -}}

{{/* Labels of the chart's objects that belong to no component. */}}
{{- define "pds.commonLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "pds.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{/* One env entry from a Secret's key (the value never appears in the chart). */}}
{{- define "pds.secretEnv" -}}
{{- $key := get .root.Values.secrets.keys .name -}}
{{- if $key -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ .root.Values.secrets.existingSecret }}
      key: {{ $key }}
{{- end -}}
{{- end -}}

{{/* REDIS_* of every app: the mode's own fields only, passwords from the Secret. */}}
{{- define "pds.redisEnv" -}}
{{- $redis := .Values.redis -}}
- name: REDIS_TOPOLOGY
  value: {{ $redis.mode | quote }}
{{- if eq $redis.mode "single" }}
- name: REDIS_URL
  value: {{ $redis.url | quote }}
{{- else if eq $redis.mode "sentinel" }}
- name: REDIS_SENTINELS
  value: {{ join "," $redis.sentinels | quote }}
- name: REDIS_SENTINEL_NAME
  value: {{ $redis.masterName | quote }}
{{- else }}
- name: REDIS_CLUSTER_NODES
  value: {{ join "," $redis.nodes | quote }}
{{- end }}
- name: REDIS_PREFIX
  value: {{ $redis.prefix | quote }}
- name: REDIS_TLS
  value: {{ $redis.tls | quote }}
{{- with $redis.username }}
- name: REDIS_USERNAME
  value: {{ . | quote }}
{{- end }}
{{- $passwords := list "REDIS_PASSWORD" }}
{{- if eq $redis.mode "sentinel" }}{{ $passwords = append $passwords "REDIS_SENTINEL_PASSWORD" }}{{ end }}
{{- range $passwords }}
{{- with include "pds.secretEnv" (dict "root" $ "name" .) }}
{{ . }}
{{- end }}
{{- end }}
{{- end -}}

{{/* Settings every app shares after Redis: the metrics port and the plain `env` of all and of the app. */}}
{{- define "pds.commonEnv" -}}
- name: METRICS_PORT
  value: {{ include "pds.metricsPort" . | quote }}
{{- range $name, $value := merge (dict) .app.env .root.Values.env }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- end -}}

{{/* The pod's security: an unprivileged user, the RuntimeDefault seccomp profile. */}}
{{- define "pds.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 1000
runAsGroup: 1000
fsGroup: 1000
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* The container's: read-only root, no capabilities, no privilege escalation. */}}
{{- define "pds.containerSecurityContext" -}}
runAsNonRoot: true
readOnlyRootFilesystem: true
allowPrivilegeEscalation: false
capabilities:
  drop: [ALL]
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* The launcher keeps its V8 code cache under /tmp (libs/launch): a writable emptyDir on a read-only root. */}}
{{- define "pds.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: 64Mi
{{- end -}}

{{- define "pds.tmpMount" -}}
- name: tmp
  mountPath: /tmp
{{- end -}}

{{/* Liveness and readiness of a worker (ingestor, cache) on its metrics port (libs/observability). */}}
{{- define "pds.workerProbes" -}}
startupProbe:
  httpGet: { path: /health, port: metrics }
  periodSeconds: 2
  failureThreshold: 30
livenessProbe:
  httpGet: { path: /health, port: metrics }
  periodSeconds: 10
  timeoutSeconds: 2
  failureThreshold: 3
readinessProbe:
  httpGet: { path: /ready, port: metrics }
  periodSeconds: 5
  timeoutSeconds: 2
  failureThreshold: 3
{{- end -}}

{{/* A PodDisruptionBudget of a component. */}}
{{- define "pds.pdb" -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "pds.name" . }}
  labels:
    {{- include "pds.labels" . | nindent 4 }}
spec:
  maxUnavailable: {{ .budget.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "pds.selectorLabels" . | nindent 6 }}
{{- end -}}

{{/* The container ports: the apps' defaults (PORT, METRICS_PORT), set explicitly in their env. */}}
{{- define "pds.httpPort" -}}3000{{- end -}}
{{- define "pds.metricsPort" -}}9464{{- end -}}
