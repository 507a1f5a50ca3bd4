{{/* A worker's Deployment (ingestor, cache): no HTTP API, probes and metrics on its metrics port. */}}
{{- define "pds.workerDeployment" -}}
{{- $root := .root -}}
{{- $app := .app -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "pds.name" . }}
  labels:
    {{- include "pds.labels" . | nindent 4 }}
spec:
  replicas: {{ $app.replicas }}
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 1
      maxSurge: 0
  selector:
    matchLabels:
      {{- include "pds.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "pds.labels" . | nindent 8 }}
    spec:
      automountServiceAccountToken: false
      terminationGracePeriodSeconds: {{ $app.terminationGracePeriodSeconds }}
      securityContext:
        {{- include "pds.podSecurityContext" $root | nindent 8 }}
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "pds.selectorLabels" . | nindent 14 }}
      containers:
        - name: {{ .component }}
          image: {{ include "pds.image" $root }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          command: [node, dist/libs/launch/src/launch.js, {{ .component }}]
          ports:
            - { name: metrics, containerPort: {{ include "pds.metricsPort" $root }}, protocol: TCP }
          env:
            {{- include "pds.redisEnv" $root | nindent 12 }}
            {{- range .secrets }}
            {{- with include "pds.secretEnv" (dict "root" $root "name" .) }}{{ . | nindent 12 }}{{ end }}
            {{- end }}
            {{- include "pds.commonEnv" (dict "root" $root "app" $app) | nindent 12 }}
          {{- include "pds.workerProbes" $root | nindent 10 }}
          resources:
            {{- toYaml $app.resources | nindent 12 }}
          securityContext:
            {{- include "pds.containerSecurityContext" $root | nindent 12 }}
          volumeMounts:
            {{- include "pds.tmpMount" $root | nindent 12 }}
      volumes:
        {{- include "pds.tmpVolume" $root | nindent 8 }}
{{- end -}}

{{/* A headless Service of a worker's metrics port, for the ServiceMonitor. */}}
{{- define "pds.metricsService" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "pds.name" . }}-metrics
  labels:
    {{- include "pds.labels" . | nindent 4 }}
spec:
  clusterIP: None
  selector:
    {{- include "pds.selectorLabels" . | nindent 4 }}
  ports:
    - { name: metrics, port: {{ include "pds.metricsPort" .root }}, targetPort: metrics, protocol: TCP }
{{- end -}}
